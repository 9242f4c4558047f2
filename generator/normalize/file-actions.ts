// A manifest action that makes a contract call (`call`, with kind download or upload) instead of
// an endpoint of its own: checked here against the call's declaration in schema/contract/calls.ts,
// so an analyst's typo or a mismatched input is a problem with its file, line and path, never a
// button that fails when pressed.
import type { YamlSource } from "../load/yaml-source";
import type { ActionModel } from "../model/model";
import { CALLS } from "../../schema/contract/calls";
import type { CallContract } from "../../schema/contract/call-contract";
import type { RawAction } from "../../schema/contract/manifest.gen";
import type { ProblemSink } from "./context";

type FileActionParts = Pick<ActionModel, "kind" | "call" | "endpoint" | "params" | "fixed" | "upload">;

/** An upload call's input carries the file as these two properties. */
export const UPLOAD_FILE_INPUTS = ["file_name", "content"] as const;

/** Edit distance (insertions, deletions, substitutions) between two names. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** The known name a typo most likely meant: within a third of its length, else none. */
export function nearest(name: string, known: readonly string[]): string | undefined {
  const [best] = known
    .map((candidate) => ({ candidate, cost: distance(name, candidate) }))
    .sort((x, y) => x.cost - y.cost);
  return best && best.cost <= Math.max(2, Math.floor(name.length / 3)) ? best.candidate : undefined;
}

const inputsOf = (call: CallContract): Readonly<Record<string, { type?: unknown }>> =>
  (call.input as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};

/** A row action's inputs taken from its record ({id: id} unless params says), each checked against the call. */
function recordInputs(
  resource: string,
  action: RawAction,
  at: string,
  inputs: Readonly<Record<string, unknown>>,
  file: YamlSource,
  fieldNames: ReadonlySet<string>,
  sink: ProblemSink,
): Readonly<Record<string, string>> {
  const params = action.params ?? (action.scope === "collection" ? {} : { id: "id" });
  for (const [input, field] of Object.entries(params)) {
    if (!(input in inputs))
      sink.add(
        file,
        `${at}/params/${input}`,
        `'${input}' is not an input of the call '${action.call}' (inputs: ${Object.keys(inputs).join(", ") || "none"})`,
        true,
      );
    if (!fieldNames.has(field))
      sink.add(file, `${at}/params/${input}`, `field '${field}' does not exist in resource '${resource}'`);
  }
  return params;
}

export function fileActionOf(
  resource: string,
  name: string,
  action: RawAction,
  file: YamlSource,
  fieldNames: ReadonlySet<string>,
  sink: ProblemSink,
): FileActionParts | undefined {
  const at = `/actions/${name}`;
  const kind = action.kind ?? "call";
  if (action.endpoint && action.call) {
    sink.add(file, `${at}/call`, `action '${name}' has both endpoint and call; an action makes one of them`, true);
    return undefined;
  }
  if (!action.call) {
    if (!action.endpoint)
      sink.add(
        file,
        at,
        `action '${name}' needs an endpoint (its own call) or a call (one declared in schema/contract/calls.ts)`,
        true,
      );
    else if (kind !== "call")
      sink.add(file, `${at}/kind`, `a ${kind} action makes a declared call: give it call, not endpoint`, true);
    return undefined;
  }
  const call = (CALLS as Readonly<Record<string, CallContract>>)[action.call];
  if (!call) {
    const near = nearest(action.call, Object.keys(CALLS));
    sink.add(
      file,
      `${at}/call`,
      `no call '${action.call}' in schema/contract/calls.ts${near ? `; did you mean '${near}'?` : ""}`,
    );
    return undefined;
  }
  if (kind === "call") {
    sink.add(
      file,
      `${at}/kind`,
      `action '${name}' names a call: say what its button does with kind download or upload`,
      true,
    );
    return undefined;
  }
  for (const key of ["set", "stamp", "handler"] as const)
    if (action[key] !== undefined)
      sink.add(
        file,
        `${at}/${key}`,
        `a ${kind} action makes the call '${action.call}' as declared; it takes no ${key}`,
        true,
      );
  const inputs = inputsOf(call);
  const endpoint = call.endpoint;
  if (kind === "download") {
    if (endpoint.method !== "GET")
      sink.add(file, `${at}/call`, `a download makes a GET call; '${action.call}' is ${endpoint.method}`);
    const params = recordInputs(resource, action, at, inputs, file, fieldNames, sink);
    for (const input of Object.keys(action.fixed ?? {}))
      if (!(input in inputs))
        sink.add(
          file,
          `${at}/fixed/${input}`,
          `'${input}' is not an input of the call '${action.call}' (inputs: ${Object.keys(inputs).join(", ") || "none"})`,
          true,
        );
    return { kind, call: action.call, endpoint, params, ...(action.fixed ? { fixed: action.fixed } : {}) };
  }
  if (endpoint.method !== "POST")
    sink.add(file, `${at}/call`, `an upload makes a POST call; '${action.call}' is ${endpoint.method}`);
  // A row upload is a file for one record (its id, or the inputs its params name); a collection
  // upload adds records and takes no record's inputs.
  const params =
    (action.scope ?? "row") === "row" ? recordInputs(resource, action, at, inputs, file, fieldNames, sink) : undefined;
  if (params === undefined && action.params)
    sink.add(file, `${at}/params`, `a collection upload acts on no record: it takes no params`);
  for (const input of UPLOAD_FILE_INPUTS)
    if (!(input in inputs))
      sink.add(
        file,
        `${at}/call`,
        `an upload's call takes the file as file_name and content; '${action.call}' has no input '${input}'`,
      );
  const fields = action.fields ?? [];
  fields.forEach((field, index) => {
    if (!fieldNames.has(field))
      sink.add(file, `${at}/fields/${index}`, `field '${field}' does not exist in resource '${resource}'`);
    else if (!(field in inputs))
      sink.add(file, `${at}/fields/${index}`, `'${field}' is not an input of the call '${action.call}'`);
  });
  const options = Object.entries(action.options ?? {}).map(([option, label]) => {
    if (inputs[option]?.type !== "boolean")
      sink.add(
        file,
        `${at}/options/${option}`,
        `'${option}' is not a boolean input of the call '${action.call}'`,
        true,
      );
    return { name: option, labelKey: `resource.${resource}.actionOptions.${name}.${option}`, label };
  });
  // A field the call does not require is optional in the form, even when the resource requires it
  // (a waybill upload's own number: the file may carry it, else the server numbers the waybill).
  const required = new Set((call.input as { required?: readonly string[] } | undefined)?.required ?? []);
  const optional = fields.filter((field) => !required.has(field));
  return {
    kind,
    call: action.call,
    endpoint,
    ...(params ? { params } : {}),
    upload: { accept: action.accept ?? [], fields, ...(optional.length ? { optional } : {}), options },
  };
}
