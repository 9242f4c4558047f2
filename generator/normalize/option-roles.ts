// Who may read a resource's options (id + label): permission policy, derived here with the rest of it.
import type { ResourceModel } from "../model/model";
import { unique } from "./context";

type Roles = Pick<ResourceModel, "name" | "readRoles" | "referencedBy" | "fields" | "report">;

/**
 * Its own readers, the readers of every entity whose fields refer to it (their select boxes list
 * it), and the readers of every report that groups by a field referring to it (its filter lists it).
 * Returns a function over the resources of `all`, which indexes them once (the generator stays linear).
 */
export function optionRolesIn(all: readonly Roles[]): (resource: Roles) => string[] {
  const byName = new Map(all.map((r) => [r.name, r]));
  const reportsReferring = new Map<string, Roles[]>();
  for (const candidate of all) {
    if (!candidate.report?.source) continue;
    for (const name of new Set(candidate.fields.flatMap((f) => (f.ref ? [f.ref] : []))))
      reportsReferring.set(name, [...(reportsReferring.get(name) ?? []), candidate]);
  }
  return (resource) => {
    const roles = [...resource.readRoles];
    for (const other of resource.referencedBy) roles.push(...(byName.get(other)?.readRoles ?? []));
    for (const report of reportsReferring.get(resource.name) ?? []) roles.push(...report.readRoles);
    return unique(roles);
  };
}
