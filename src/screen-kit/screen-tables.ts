// The generated tables a hand-written screen (src/overrides) reads, given by the shell: the screen
// kit and the overrides import no generated screen config; a screen names the resource it needs.
import { createContext, useContext } from "react";
import type { ScreenConfig } from "../../schema/contract/screen-config";

export interface ScreenTables {
  /** Screen configs by the manifest's resource name (`positions`, `code_traces`). */
  readonly configs: Readonly<Record<string, ScreenConfig>>;
}

/** No tables outside a host (the shell's PageHost). */
export const ScreenTablesContext = createContext<ScreenTables>({ configs: {} });

/** The screen config of a manifest resource; throws when the shell gives none by that name. */
export function useScreenConfig(resource: string): ScreenConfig {
  const config = useContext(ScreenTablesContext).configs[resource];
  if (!config) throw new Error(`No screen config for the resource "${resource}" in the shell's screen tables`);
  return config;
}
