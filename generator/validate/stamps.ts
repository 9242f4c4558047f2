// x-stamp (a field the server fills on create) and an action's `stamp` (fields it fills when the
// action runs): `now` writes the server's clock, `account` the caller's account_name. The server
// owns these fields, so each must be readOnly (kept out of create and update) and able to hold
// what is written into it; anything else is refused here, with its location.
import type { YamlSource } from "../load/yaml-source";
import type { StampKind } from "../../schema/contract/vocabulary";
import type { ProblemSink } from "../normalize/context";
import type { RawField, RawResource } from "../../schema/contract/manifest.gen";

const SYSTEM_FIELDS = new Set(["id", "created_at", "updated_at"]);

const describeType = (field: RawField): string =>
  field.format ? `${field.type} with format ${field.format}` : field.type;

/** Why `field` cannot hold what `kind` writes, or undefined when it can. */
function unfit(field: RawField, kind: StampKind): string | undefined {
  if (kind === "now") {
    if (field.type !== "string" || field.format !== "date-time")
      return `'now' writes the server's time: the field needs type string with format date-time (it is ${describeType(field)})`;
    return undefined;
  }
  if (field.type !== "string")
    return `'account' writes an account name: the field needs type string (it is ${field.type})`;
  if (field["x-enum"]) return `'account' writes an account name, which is not a value of enum '${field["x-enum"]}'`;
  return undefined;
}

function checkField(file: YamlSource, pointer: string, field: RawField, kind: StampKind, sink: ProblemSink): void {
  if (!field.readOnly)
    sink.add(
      file,
      pointer,
      `a stamped field belongs to the server: give it readOnly: true, so the client can never send it`,
    );
  const problem = unfit(field, kind);
  if (problem) sink.add(file, pointer, problem);
}

export function checkStamps(raw: RawResource, file: YamlSource, sink: ProblemSink): void {
  for (const [name, field] of Object.entries(raw.fields ?? {})) {
    const kind = field["x-stamp"];
    if (kind) checkField(file, `/fields/${name}/x-stamp`, field, kind, sink);
  }
  for (const [actionName, action] of Object.entries(raw.actions ?? {})) {
    for (const [name, kind] of Object.entries(action.stamp ?? {})) {
      const pointer = `/actions/${actionName}/stamp/${name}`;
      const field = raw.fields?.[name];
      if (SYSTEM_FIELDS.has(name))
        sink.add(file, pointer, `'${name}' is kept by the server itself; stamp a field of the resource`, true);
      else if (!field) sink.add(file, pointer, `field '${name}' does not exist in resource '${raw.name}'`, true);
      else checkField(file, pointer, field, kind, sink);
      if (action.set && name in action.set)
        sink.add(file, pointer, `'${name}' is both set and stamped by this action; keep one`, true);
    }
  }
}
