// manifest ruleOwned: which generic calls of a resource belong to domain rules. The server's
// generic create/update/delete then refuse them (409, "changes only through …"), naming the rule
// calls listed in `through`. Checked here so a name that points nowhere is a located error, not a
// refusal that sends a user to a call that does not exist.
import type { YamlSource } from "../load/yaml-source";
import type { ResourceModel } from "../model/model";
import type { ProblemSink } from "../normalize/context";
import type { RawResource } from "../../schema/contract/manifest.gen";

export function checkRuleOwned(
  raw: RawResource,
  file: YamlSource,
  resources: ReadonlyMap<string, RawResource>,
  endpoints: ResourceModel["endpoints"],
  sink: ProblemSink,
): void {
  const owned = raw.ruleOwned;
  if (!owned) return;
  const calls = owned.calls ?? [];
  const fields = owned.fields ?? [];
  if (calls.length === 0 && fields.length === 0)
    sink.add(file, "/ruleOwned", `name the rule-owned 'calls' or the update 'fields' (neither is given)`);
  calls.forEach((call, index) => {
    if (!endpoints[call])
      sink.add(file, `/ruleOwned/calls/${index}`, `resource '${raw.name}' has no ${call} call to own`);
  });
  if (owned.while && calls.includes("create"))
    sink.add(
      file,
      "/ruleOwned/while",
      `'while' guards an existing record; a create has none, so list create in 'calls' without 'while'`,
    );
  fields.forEach((name, index) => {
    const field = raw.fields?.[name];
    if (!field)
      sink.add(file, `/ruleOwned/fields/${index}`, `field '${name}' does not exist in resource '${raw.name}'`);
    else if (field.readOnly)
      sink.add(file, `/ruleOwned/fields/${index}`, `field '${name}' is readOnly: no generic update can set it anyway`);
  });
  if (fields.length && !endpoints.update)
    sink.add(file, "/ruleOwned/fields", `resource '${raw.name}' has no update call whose fields could be owned`);
  if (fields.length && calls.includes("update"))
    sink.add(file, "/ruleOwned/fields", `the whole update is rule-owned ('calls' lists update); drop 'fields'`);
  owned.through.forEach((target, index) => {
    const [resource, call] = target.split(".") as [string, string];
    const other = resources.get(resource);
    const where = `/ruleOwned/through/${index}`;
    if (!other) return sink.add(file, where, `'${target}': there is no resource '${resource}'`);
    if (call === "create") {
      // A create rule (onCreate), or a plain create of a new record (a new code rule instead of reshaping one).
      if (
        other.report ||
        other.singleton ||
        other.endpoints?.create === null ||
        other.ruleOwned?.calls?.includes("create")
      )
        sink.add(file, where, `'${target}': resource '${resource}' has no create call open to the console`);
    } else if (!other.actions?.[call])
      sink.add(file, where, `'${target}': resource '${resource}' has no action '${call}'`);
  });
}
