// Every emitter, in a fixed order. Pure: the model in, files out (no fs, no clock, no cwd).
import type { Model } from "../model/model";
import { emitClients } from "./emit-clients";
import { emitConfigs } from "./emit-configs";
import { emitI18n } from "./emit-i18n";
import { emitIcons } from "./emit-icons";
import { emitResources } from "./emit-resources";
import { emitRoutes } from "./emit-routes";
import { emitScreens } from "./emit-screens";
import { emitServer } from "./emit-server";
import { emitTypes } from "./emit-types";
import type { GeneratedFile } from "./generated-file";

/** `serverFiles`: the server's contract when it was emitted (and written) first, in watch mode. */
export function emitAll(model: Model, serverFiles: readonly GeneratedFile[] = emitServer(model)): GeneratedFile[] {
  const files = [
    ...emitRoutes(model),
    ...emitResources(model),
    ...emitIcons(model),
    ...emitI18n(model),
    ...emitTypes(model),
    ...emitClients(model),
    ...emitConfigs(model),
    ...emitScreens(model),
    ...serverFiles,
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
