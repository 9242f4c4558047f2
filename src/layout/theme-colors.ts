// Runtime theming (spec §9 theme cluster): antd through its tokens, our own CSS through variables.
// The sidebar's active text keeps spec §9's #409EFF until a theme is chosen.
import type { ThemeConfig } from "antd";
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

/**
 * The cluster in antd's colour slots, as the original's element-ui used it: hover is the 0.2 tint,
 * pressed the 0.1 shade, borders the 0.4 and 0.6 tints, backgrounds the 0.8 and 0.9 tints. antd
 * would otherwise derive its own palette from colorPrimary, and the two would disagree.
 */
export function antdThemeTokens(theme: string): NonNullable<ThemeConfig["token"]> {
  const cluster = getThemeCluster(theme);
  const [base, , tint2, , tint4, , tint6, , tint8, tint9, shade1] = cluster;
  return {
    colorPrimary: base,
    colorPrimaryHover: tint2,
    colorPrimaryActive: shade1,
    colorPrimaryTextHover: tint2,
    colorPrimaryText: base,
    colorPrimaryTextActive: shade1,
    colorPrimaryBorderHover: tint4,
    colorPrimaryBorder: tint6,
    colorPrimaryBgHover: tint8,
    colorPrimaryBg: tint9,
    colorLink: base,
    colorLinkHover: tint2,
    colorLinkActive: shade1,
  };
}
