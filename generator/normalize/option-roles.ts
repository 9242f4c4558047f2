// Who may read a resource's options (id + label): permission policy, derived here with the rest of it.
import type { ResourceModel } from "../model/model";
import { unique } from "./context";

type Roles = Pick<ResourceModel, "name" | "readRoles" | "referencedBy" | "fields" | "report">;

/**
 * Its own readers, the readers of every entity whose fields refer to it (their select boxes list
 * it), and the readers of every report that groups by a field referring to it (its filter lists it).
 */
export function optionRolesOf(resource: Roles, all: readonly Roles[]): string[] {
  const byName = new Map(all.map((r) => [r.name, r]));
  const roles = [...resource.readRoles];
  for (const other of resource.referencedBy) roles.push(...(byName.get(other)?.readRoles ?? []));
  for (const candidate of all)
    if (candidate.report?.source && candidate.fields.some((f) => f.ref === resource.name)) roles.push(...candidate.readRoles);
  return unique(roles);
}
