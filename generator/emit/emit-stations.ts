// src/generated/screens/<menu>/ListPage.gen.tsx of a station screen: its StationConfig, the calls
// resolved to endpoints here so the screen kit never guesses a path.
import type { MenuModel, Model, ResourceModel, StationModel } from "../model/model";
import type { StationConfig } from "../../schema/contract/screen-config";
import type { CallContract } from "../../schema/contract/call-contract";
import { CALLS } from "../../schema/contract/calls";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { literal } from "./print-literal";
import { configName, pageComponentName } from "./screen-files";

function callOf(resource: ResourceModel, call: string): { method: string; path: string } {
  if (call === "create") return { ...resource.endpoints.create! };
  const action = resource.actions.find((a) => a.name === call)!;
  return { method: action.endpoint.method, path: action.endpoint.path };
}

/**
 * The finish's row action resolved: its endpoint, the record's label field and its button — the one
 * the finish names (the record's own screen's), else this menu's for the action.
 */
function finishConfig(
  model: Model,
  owner: ResourceModel,
  menu: MenuModel,
  finish: NonNullable<StationModel["finish"]>,
): StationConfig["finish"] {
  const action = owner.actions.find((a) => a.name === finish.action)!;
  const button = finish.button
    ? model.buttons.find((b) => b.code === finish.button)
    : menu.buttons.find((b) => b.action === finish.action);
  return {
    method: action.endpoint.method,
    path: action.endpoint.path,
    idField: finish.id,
    labelField: owner.labelField,
    ...(owner.endpoints.list ? { listPath: owner.endpoints.list.path } : {}),
    titleKey: button?.titleKey ?? action.titleKey,
    ...(button ? { button: { code: button.code, action: button.action, titleKey: button.titleKey } } : {}),
  };
}

export function stationConfig(model: Model, menu: MenuModel, station: StationModel): StationConfig {
  const resources = new Map(model.resources.map((r) => [r.name, r]));
  const resource = resources.get(menu.screen!.resource!)!;
  const call = callOf(resource, station.call);
  const scanButton = menu.buttons.find((b) => b.action === station.call);
  const capacity = station.capacity
    ? (CALLS as Readonly<Record<string, CallContract>>)[station.capacity].endpoint.path
    : undefined;
  const undo = station.undo && {
    ...callOf(resources.get(station.undo.resource)!, "create"),
    code: station.undo.code,
    ...(station.undo.parent ? { parent: station.undo.parent } : {}),
    ...(station.undo.reason ? { reason: station.undo.reason } : {}),
  };
  const finish = station.finish && finishConfig(model, resources.get(station.finish.resource)!, menu, station.finish);
  return {
    menu: menu.name,
    titleKey: menu.titleKey,
    call: { method: call.method, path: call.path },
    setup: station.setup,
    steps: station.steps,
    ...(capacity ? { capacityPath: capacity } : {}),
    ...(undo ? { undo } : {}),
    ...(scanButton
      ? { scanButton: { code: scanButton.code, action: scanButton.action, titleKey: scanButton.titleKey } }
      : {}),
    ...(finish ? { finish } : {}),
    ...(station.hold ? { hold: station.hold } : {}),
  };
}

export function emitStationPage(model: Model, menu: MenuModel, station: StationModel): GeneratedFile {
  const resource = menu.screen!.resource!;
  const config = configName(resource);
  return {
    path: `${SRC_OUT}/screens/${menu.name}/ListPage.gen.tsx`,
    content: `${banner(model.manifestFile)}
import { StationScreen } from "../../../screen-kit/screens/StationScreen";
import type { StationConfig } from "../../../../schema/contract/screen-config";
import { ${config} } from "../../configs/${resource}.gen";

const station: StationConfig = ${literal(stationConfig(model, menu, station), 0)};

/** ${menu.title.en} (${menu.title.zh}): a scanning station over ${resource}, at ${menu.fullPath}. */
export default function ${pageComponentName(menu, "list")}() {
  return <StationScreen config={${config}} station={station} />;
}
`,
  };
}
