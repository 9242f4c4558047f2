// What a resource file must mean beyond its JSON Schema, checked against the other resources:
// kinds that exclude each other, names that must point at a field, a call or a resource, and
// rules a missing call would leave unreachable. Runs after validate-schema, so each file has the
// schema's shape; every problem is located, as the schema's are.
import type { LoadedManifest } from "../load/load-manifest";
import type { YamlSource } from "../load/yaml-source";
import { ProblemSink } from "../normalize/context";
import { SYSTEM_FIELD_LABELS } from "../normalize/defaults";
import { endpointsOf } from "../normalize/endpoints";
import type { Problem } from "../problems";
import type { RawResource } from "../../schema/contract/manifest.gen";
import { checkRefWhere } from "./ref-where";
import { checkRuleOwned } from "./rule-owned";
import { checkStamps } from "./stamps";

/** The names of the fields the resource's model will have: a report's columns, or its own fields and the system ones. */
function fieldNamesOf(raw: RawResource, resources: ReadonlyMap<string, RawResource>): Set<string> {
  if (!raw.report) return new Set([...Object.keys(SYSTEM_FIELD_LABELS), ...Object.keys(raw.fields ?? {})]);
  const source = resources.get(raw.report.source);
  return new Set([
    ...raw.report.dimensions.filter((name) => source?.fields?.[name]),
    ...raw.report.measures.map((measure) => measure.name),
  ]);
}

/** A report, a tree, a projection and a plain resource each take some properties and exclude others. */
function checkKind(raw: RawResource, file: YamlSource, sink: ProblemSink): void {
  if (raw.report && raw.fields)
    sink.add(
      file,
      "/fields",
      `a report resource takes its columns from its dimensions and measures; remove 'fields'`,
      true,
    );
  if (raw.projection && (raw.report || raw.tree || raw.singleton || raw.onCreate || raw.ruleOwned))
    sink.add(
      file,
      "/projection",
      `a projection is a read-only view: it takes no report, tree, singleton, onCreate or ruleOwned`,
      true,
    );
  if (raw.projection) checkProjectionActions(raw, file, sink);
  if (raw.dealerField !== undefined) checkDealerField(raw, file, sink);
  if (raw.idType === "string" && !raw.projection)
    sink.add(file, "/idType", `only a projection's ids may be strings: a table's ids are numbered by the database`);
  if (raw.report && raw.tree) sink.add(file, "/tree", `a resource is either a report or a tree, not both`, true);
  if (!raw.report && !raw.fields) sink.add(file, "", `missing required property 'fields'`);
}

/**
 * dealerField narrows a projection's reads (list, detail, export) to the caller's dealer: its field
 * must name a dealer, and a row action would reach rows the narrowed reads leave out.
 */
function checkDealerField(raw: RawResource, file: YamlSource, sink: ProblemSink): void {
  const at = "/dealerField";
  if (!raw.projection) {
    sink.add(file, at, `only a projection's reads are narrowed to a dealer: a table's writes would reach every row`);
    return;
  }
  const field = raw.fields?.[raw.dealerField!];
  if (!field || field.type !== "integer" || field["x-ref"] !== "dealers")
    sink.add(file, at, `'${raw.dealerField}' must be one of its fields, an integer with x-ref: dealers`);
  if (Object.keys(raw.actions ?? {}).length > 0)
    sink.add(file, at, `a projection narrowed to a dealer takes no actions: an action's row is not narrowed`);
}

/**
 * A projection holds no row to write, so its actions are row actions whose server handler does the
 * work (pause a subscription, drop it); set, stamp and a collection scope would write the view.
 */
function checkProjectionActions(raw: RawResource, file: YamlSource, sink: ProblemSink): void {
  for (const [name, action] of Object.entries(raw.actions ?? {})) {
    const at = `/actions/${name}`;
    if (!action.handler)
      sink.add(file, at, `a projection's action needs a handler: the server's rule does what the action means`);
    if (action.set || action.stamp)
      sink.add(
        file,
        `${at}/${action.set ? "set" : "stamp"}`,
        `a projection's action writes nothing itself: remove set and stamp`,
      );
    if (action.scope === "collection")
      sink.add(file, `${at}/scope`, `a projection's action acts on one row (scope row)`);
    if (action.kind && action.kind !== "call")
      sink.add(file, `${at}/kind`, `a projection's action is a call to its handler (kind call)`);
  }
}

function checkReport(
  raw: RawResource,
  file: YamlSource,
  resources: ReadonlyMap<string, RawResource>,
  sink: ProblemSink,
): void {
  const report = raw.report!;
  const source = resources.get(report.source);
  if (!source) sink.add(file, "/report/source", `resource '${report.source}' does not exist in schema/resources/`);
  else if (source.report)
    sink.add(
      file,
      "/report/source",
      `a report's source must be a resource with a table, not the report '${source.name}'`,
    );
  const has = (name: string) => !source || Boolean(source.fields?.[name]);
  report.dimensions.forEach((name, index) => {
    if (!has(name))
      sink.add(file, `/report/dimensions/${index}`, `field '${name}' does not exist in resource '${report.source}'`);
  });
  if (report.dateField && !has(report.dateField))
    sink.add(file, "/report/dateField", `field '${report.dateField}' does not exist in resource '${report.source}'`);
  report.measures.forEach((measure, index) => {
    if (measure.agg !== "count" && !measure.field)
      sink.add(file, `/report/measures/${index}`, `a ${measure.agg} measure needs 'field'`);
    if (measure.field && !has(measure.field))
      sink.add(
        file,
        `/report/measures/${index}/field`,
        `field '${measure.field}' does not exist in resource '${report.source}'`,
      );
    const type = measure.field ? source?.fields?.[measure.field]?.type : undefined;
    if (measure.agg !== "count" && type && type !== "integer" && type !== "number")
      sink.add(
        file,
        `/report/measures/${index}/field`,
        `a ${measure.agg} needs a number field; '${measure.field}' is ${type}`,
      );
  });
}

/** labelField, defaultSort, the tree's parent and each action's `when` and `set` name fields of the resource. */
function checkFieldNames(raw: RawResource, file: YamlSource, fieldNames: ReadonlySet<string>, sink: ProblemSink): void {
  if (raw.labelField && !fieldNames.has(raw.labelField))
    sink.add(file, "/labelField", `field '${raw.labelField}' does not exist`);
  const sortField = raw.defaultSort?.replace(/^-/, "");
  if (sortField !== undefined && !fieldNames.has(sortField))
    sink.add(file, "/defaultSort", `field '${sortField}' does not exist`);
  if (raw.tree) {
    const parent = raw.fields?.[raw.tree.parentField];
    if (!parent) sink.add(file, "/tree/parentField", `field '${raw.tree.parentField}' does not exist`);
    else if (parent["x-ref"] !== raw.name)
      sink.add(file, "/tree/parentField", `the parent field must refer to '${raw.name}' itself (x-ref: ${raw.name})`);
  }
  for (const [name, action] of Object.entries(raw.actions ?? {}))
    for (const key of ["when", "set"] as const)
      for (const field of Object.keys(action[key] ?? {}))
        if (!fieldNames.has(field))
          sink.add(
            file,
            `/actions/${name}/${key}/${field}`,
            `field '${field}' does not exist in resource '${raw.name}'`,
            true,
          );
}

function checkResource(
  raw: RawResource,
  file: YamlSource,
  resources: ReadonlyMap<string, RawResource>,
  sink: ProblemSink,
): void {
  checkKind(raw, file, sink);
  if (raw.report) checkReport(raw, file, resources, sink);
  else checkRefWhere(raw, file, resources, sink);
  checkStamps(raw, file, sink);
  checkFieldNames(raw, file, fieldNamesOf(raw, resources), sink);
  const endpoints = endpointsOf(raw);
  // onCreate runs inside the generic create: a resource without one would never run it.
  if (raw.onCreate && !endpoints.create)
    sink.add(
      file,
      "/onCreate",
      `resource '${raw.name}' has no create call (${raw.report ? "a report" : raw.singleton ? "a singleton" : "endpoints.create is null"}), so onCreate would never run`,
    );
  checkRuleOwned(raw, file, resources, endpoints, sink);
}

/** Every resource file's problems beyond its schema. */
export function validateResources(loaded: LoadedManifest): Problem[] {
  const sink = new ProblemSink();
  const resources = new Map<string, RawResource>();
  for (const source of loaded.resources) {
    const raw = source.data as RawResource;
    resources.set(raw.name, raw);
  }
  for (const source of loaded.resources) checkResource(source.data as RawResource, source, resources, sink);
  return sink.problems;
}
