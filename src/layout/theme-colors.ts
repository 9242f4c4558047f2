// Runtime theming of our own CSS (antd themes through its tokens). The theme's cluster goes into
// CSS variables; the sidebar's active text keeps spec §9's #409EFF until a theme is chosen.
import { DEFAULT_SETTINGS, LAYOUT } from "../settings";
import { getThemeCluster } from "../utils/theme-cluster";

export function menuActiveColor(theme: string): string {
  return theme.toLowerCase() === DEFAULT_SETTINGS.theme ? LAYOUT.menuActiveText : theme;
}

/** --theme-0 … --theme-10 (the cluster), --theme-color and --menu-active-text. */
export function themeVariables(theme: string): Record<string, string> {
  const vars: Record<string, string> = { "--theme-color": theme, "--menu-active-text": menuActiveColor(theme) };
  getThemeCluster(theme).forEach((colour, i) => (vars[`--theme-${i}`] = colour));
  return vars;
}
