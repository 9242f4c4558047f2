// x-ref-where: a reference narrowed by other fields of the same form, {<referred field>: <own field>}.
// The rule has to hold in three places (the form's select, the options call, every write), so
// everything that would make one of them unable to apply it is refused here, with its location.
import type { YamlSource } from "../load/yaml-source";
import type { ProblemSink } from "../normalize/context";
import type { RawField, RawResource } from "../../schema/contract/manifest.gen";

/** Parameters the options call already uses for itself (mock-server/resources/schemas.ts). */
const OPTIONS_PARAMS = new Set(["q", "ids"]);

/** As the server tells secrets apart (mock-server/resources/catalog.ts): never a narrowing key. */
const isSecret = (name: string, field: RawField): boolean =>
  field["x-ui"].widget === "password" || /password/i.test(name);

const hasOptionsCall = (target: RawResource): boolean =>
  !target.report && !target.singleton && target.endpoints?.options !== null;

/** What makes two values comparable: type, and the resource or value list they come from. */
function mismatch(
  target: RawResource,
  targetName: string,
  theirs: RawField,
  raw: RawResource,
  ownName: string,
  ours: RawField,
): string | undefined {
  const a = `${target.name}.${targetName}`;
  const b = `${raw.name}.${ownName}`;
  if (theirs.type !== ours.type) return `${a} is ${theirs.type} but ${b} is ${ours.type}: they can never be equal`;
  if (theirs["x-ref"] !== ours["x-ref"]) {
    const of = (field: RawField) => (field["x-ref"] ? `refers to ${field["x-ref"]}` : "is not a reference");
    return `${a} ${of(theirs)} but ${b} ${of(ours)}`;
  }
  if (theirs["x-enum"] !== ours["x-enum"]) {
    const of = (field: RawField) => (field["x-enum"] ? `takes enum ${field["x-enum"]}` : "takes no enum");
    return `${a} ${of(theirs)} but ${b} ${of(ours)}`;
  }
  return undefined;
}

/** A field narrowed, directly or not, by itself would wait for its own value forever. */
function checkCycles(raw: RawResource, file: YamlSource, sink: ProblemSink): void {
  const fields = raw.fields ?? {};
  const sourcesOf = (name: string) =>
    Object.values(fields[name]?.["x-ref-where"] ?? {}).filter((source) => source !== name);
  const reported = new Set<string>();
  for (const start of Object.keys(fields)) {
    const walk = (name: string, path: string[]): string[] | undefined => {
      for (const next of sourcesOf(name)) {
        if (next === start) return [...path, next];
        if (path.includes(next)) continue;
        const found = walk(next, [...path, next]);
        if (found) return found;
      }
      return undefined;
    };
    const cycle = walk(start, [start]);
    if (!cycle || cycle.some((name) => reported.has(name))) continue;
    cycle.forEach((name) => reported.add(name));
    sink.add(
      file,
      `/fields/${start}/x-ref-where`,
      `x-ref-where goes round in a circle (${cycle.join(" → ")}): none of these selects could ever be chosen`,
    );
  }
}

export function checkRefWhere(
  raw: RawResource,
  file: YamlSource,
  resources: ReadonlyMap<string, RawResource>,
  sink: ProblemSink,
): void {
  for (const [name, field] of Object.entries(raw.fields ?? {})) {
    const where = field["x-ref-where"];
    const target = field["x-ref"] ? resources.get(field["x-ref"]) : undefined;
    if (!where || !target) continue; // a missing x-ref or referred resource is reported on its own
    const at = `/fields/${name}/x-ref-where`;
    if (!hasOptionsCall(target)) {
      sink.add(file, at, `resource '${target.name}' has no options call, so there are no choices to narrow`);
      continue;
    }
    for (const [targetName, ownName] of Object.entries(where)) {
      const pointer = `${at}/${targetName}`;
      const theirs = target.fields?.[targetName];
      const ours = raw.fields?.[ownName];
      const before = sink.problems.length;
      if (!theirs) sink.add(file, pointer, `field '${targetName}' does not exist in resource '${target.name}'`, true);
      else if (isSecret(targetName, theirs))
        sink.add(
          file,
          pointer,
          `field '${targetName}' of '${target.name}' is a secret: options cannot be narrowed by it`,
          true,
        );
      else if (OPTIONS_PARAMS.has(targetName))
        sink.add(
          file,
          pointer,
          `'${targetName}' cannot narrow options: the options call uses that parameter name for itself`,
          true,
        );
      if (ownName === name)
        sink.add(file, pointer, `a reference cannot be narrowed by its own value; name another field of '${raw.name}'`);
      else if (!ours) sink.add(file, pointer, `field '${ownName}' does not exist in resource '${raw.name}'`);
      else if (ours.readOnly || ours["x-ui"].form === false)
        sink.add(
          file,
          pointer,
          `field '${ownName}' is not in the form (readOnly or x-ui.form: false), so the select would wait for it forever`,
        );
      if (!theirs || !ours || sink.problems.length > before) continue;
      const problem = mismatch(target, targetName, theirs, raw, ownName, ours);
      if (problem) sink.add(file, pointer, problem);
    }
  }
  checkCycles(raw, file, sink);
}
