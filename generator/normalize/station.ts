// A station screen's declaration, checked against its resources and the contract calls, with its
// defaults filled: a typo in a field, a call or an undo is a problem with its line, not a station
// that fails on the line's first scan.
import type { YamlSource } from "../load/yaml-source";
import type { MenuModel, StationModel } from "../model/model";
import type { CallContract } from "../../schema/contract/call-contract";
import { CALLS } from "../../schema/contract/calls";
import type { RawResource, RawScreen } from "../../schema/contract/manifest.gen";
import type { ProblemSink } from "./context";
import { nearest } from "./file-actions";

const fieldsOf = (resource: RawResource): readonly string[] => Object.keys(resource.fields ?? {});

/**
 * The method of the resource's create or action `call` as declared ('METHOD /api/path'); create is
 * POST by default; undefined for no endpoint (a create removed, an action making a declared call).
 */
function callMethodOf(resource: RawResource, call: string): string | undefined {
  const declared = call === "create" ? resource.endpoints?.create : resource.actions?.[call]?.endpoint;
  if (call === "create" && declared === undefined) return "POST";
  return typeof declared === "string" ? declared.trim().split(/\s+/)[0].toUpperCase() : undefined;
}

export function stationOf(
  screen: RawScreen,
  resources: ReadonlyMap<string, RawResource>,
  source: YamlSource,
  pointer: string,
  sink: ProblemSink,
): StationModel | undefined {
  const at = `${pointer}/screen/station`;
  const raw = screen.station;
  if (!raw) {
    sink.add(source, `${pointer}/screen`, `a station screen needs 'station' (its steps and call)`);
    return undefined;
  }
  const resource = resources.get(screen.resource!);
  if (!resource) return undefined;
  const checkField = (owner: RawResource, field: string, where: string) => {
    const names = fieldsOf(owner);
    if (names.includes(field)) return;
    const near = nearest(field, names);
    sink.add(
      source,
      where,
      `resource '${owner.name}' has no field '${field}'${near ? `; did you mean '${near}'?` : ""}`,
    );
  };
  const call = raw.call ?? "create";
  if (call !== "create" && !resource.actions?.[call])
    sink.add(source, `${at}/call`, `'${call}' is neither create nor an action of resource '${resource.name}'`);
  else {
    const method = callMethodOf(resource, call);
    if (method !== "POST")
      sink.add(
        source,
        `${at}/call`,
        `a station's scans wait in the browser and go several in one request (POST /api/stations/batch), which takes POST calls; '${call}' is ${method ?? "not a call of its own"}`,
      );
  }
  const setup = raw.setup ?? [];
  setup.forEach((field, index) => checkField(resource, field, `${at}/setup/${index}`));
  const steps = raw.steps.map((step, index) => {
    checkField(resource, step.field, `${at}/steps/${index}/field`);
    return { field: step.field, opens: step.opens ?? false };
  });
  if (steps.length > 2) sink.add(source, `${at}/steps`, `a station has one or two steps`);
  if (steps.length === 2 && !steps[0].opens)
    sink.add(source, `${at}/steps/0/opens`, `of two steps, the first opens the unit the second fills`);
  if (steps.some((step, index) => step.opens && index !== 0))
    sink.add(source, `${at}/steps`, `only the first of two steps opens a unit`);
  if (steps.length === 1 && steps[0].opens)
    sink.add(source, `${at}/steps/0/opens`, `a unit needs a second step to fill it`);
  if (raw.capacity !== undefined) {
    const known = CALLS as Readonly<Record<string, CallContract>>;
    if (!known[raw.capacity]) {
      const near = nearest(raw.capacity, Object.keys(known));
      sink.add(
        source,
        `${at}/capacity`,
        `no call '${raw.capacity}' in schema/contract/calls.ts${near ? `; did you mean '${near}'?` : ""}`,
      );
    }
    if (!steps[0]?.opens) sink.add(source, `${at}/capacity`, `a capacity needs a unit: a first step that opens one`);
  }
  let undo: StationModel["undo"];
  if (raw.undo) {
    const owner = resources.get(raw.undo.resource);
    if (!owner)
      sink.add(source, `${at}/undo/resource`, `resource '${raw.undo.resource}' does not exist in schema/resources/`);
    else
      for (const role of ["code", "parent", "reason"] as const) {
        const field = raw.undo[role];
        if (field !== undefined) checkField(owner, field, `${at}/undo/${role}`);
      }
    undo = { ...raw.undo };
  }
  if (raw.hold !== undefined && (steps.length !== 1 || call === "create"))
    sink.add(
      source,
      `${at}/hold`,
      `holding codes needs one step and an action as the call (its answer says held or closed)`,
    );
  const finish =
    raw.finish &&
    finishOf(raw.finish, resource, resources, setup, `${at}/finish`, (where, text) => sink.add(source, where, text));
  return {
    call,
    setup,
    steps,
    ...(raw.capacity ? { capacity: raw.capacity } : {}),
    ...(undo ? { undo } : {}),
    ...(finish ? { finish } : {}),
    ...(raw.hold ? { hold: raw.hold } : {}),
  };
}

/** The finish: a row action of the resource the setup's `id` field refers to. */
function finishOf(
  raw: NonNullable<StationModel["finish"]>,
  resource: RawResource,
  resources: ReadonlyMap<string, RawResource>,
  setup: readonly string[],
  at: string,
  problem: (where: string, text: string) => void,
): StationModel["finish"] {
  const owner = resources.get(raw.resource);
  if (!owner) {
    problem(`${at}/resource`, `resource '${raw.resource}' does not exist in schema/resources/`);
    return undefined;
  }
  const action = owner.actions?.[raw.action];
  if (!action || (action.scope ?? "row") !== "row") {
    const near = action ? undefined : nearest(raw.action, Object.keys(owner.actions ?? {}));
    problem(
      `${at}/action`,
      `'${raw.action}' is not a row action of resource '${owner.name}'${near ? `; did you mean '${near}'?` : ""}`,
    );
  }
  if (!setup.includes(raw.id)) problem(`${at}/id`, `'${raw.id}' is not one of the station's setup fields`);
  else if (resource.fields?.[raw.id]?.["x-ref"] !== owner.name)
    problem(`${at}/id`, `setup field '${raw.id}' does not refer to resource '${owner.name}' (x-ref)`);
  return { ...raw };
}

/**
 * A finish naming a button (`finish.button`) uses the record's own screen's button for the action:
 * it must exist, be for the finish's action on a screen over the finish's resource, and the station
 * has no button of its own for that action, so the record's rows show the action once.
 */
export function checkFinishButtons(menus: readonly MenuModel[], source: YamlSource, sink: ProblemSink): void {
  const buttons = new Map(menus.flatMap((menu) => menu.buttons.map((button) => [button.code, { button, menu }])));
  for (const menu of menus) {
    const finish = menu.screen?.station?.finish;
    if (!finish?.button) continue;
    const at = `${menu.sourcePointer}/screen/station/finish/button`;
    const found = buttons.get(finish.button);
    if (!found) {
      const near = nearest(finish.button, [...buttons.keys()]);
      sink.add(source, at, `no menu has a button '${finish.button}'${near ? `; did you mean '${near}'?` : ""}`);
      continue;
    }
    if (found.button.action !== finish.action)
      sink.add(
        source,
        at,
        `button '${finish.button}' is for '${found.button.action}', not the finish's '${finish.action}'`,
      );
    else if (found.menu.screen?.resource !== finish.resource)
      sink.add(source, at, `button '${finish.button}' is not on a screen of resource '${finish.resource}'`);
    const own = menu.buttons.find((button) => button.action === finish.action);
    if (own)
      sink.add(
        source,
        `${menu.sourcePointer}/buttons/${menu.buttons.indexOf(own)}`,
        `button '${own.code}' repeats the finish's button '${finish.button}': the record's rows would show '${finish.action}' twice`,
      );
  }
}
