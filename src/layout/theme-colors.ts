// Runtime theming (spec §9 theme cluster): antd through its tokens, our own CSS through variables.
// Where the theme colour carries text (a primary button's label, a link, the active tag, the sidebar's
// active item) it is the nearest shade that reads at WCAG's 4.5:1 (utils/contrast): the spec's
// #1890ff under white text and its #409EFF on the #304156 sidebar both fall short of it.
import type { ThemeConfig } from "antd";
import { DEFAULT_SETTINGS, LAYOUT } from "../settings";
import { readableOn } from "../utils/contrast";
import { getThemeCluster, shadeColor } from "../utils/theme-cluster";

/** The sidebar's active text: spec §9's #409EFF until a theme is chosen, lightened to read on the sidebar. */
export function menuActiveColor(theme: string): string {
  const wanted = theme.toLowerCase() === DEFAULT_SETTINGS.theme ? LAYOUT.menuActiveText : theme;
  return readableOn(wanted, LAYOUT.menuBg);
}

/**
 * The theme colour as text and as a fill under white text: it reads on white and on the theme's
 * lightest tint (the background of a selected row or menu item) at 4.5:1. Hovered and pressed
 * are shades of it, darker still, so a hovered button's label reads as well as a resting one.
 */
export function solidTheme(theme: string): { solid: string; hover: string; active: string } {
  const solid = readableOn(theme, getThemeCluster(theme)[9]);
  return { solid, hover: shadeColor(solid, 0.1), active: shadeColor(solid, 0.2) };
}

/**
 * --theme-0 … --theme-10 (the cluster, for borders, outlines and backgrounds), --theme-color (the
 * chosen colour), --theme-solid, -hover and -active (where it carries text) and --menu-active-text.
 */
export function themeVariables(theme: string): Record<string, string> {
  const { solid, hover, active } = solidTheme(theme);
  const vars: Record<string, string> = {
    "--theme-color": theme,
    "--theme-solid": solid,
    "--theme-solid-hover": hover,
    "--theme-solid-active": active,
    "--menu-active-text": menuActiveColor(theme),
  };
  getThemeCluster(theme).forEach((colour, i) => (vars[`--theme-${i}`] = colour));
  return vars;
}

/**
 * The cluster in antd's colour slots, as the original's element-ui used it: borders are the 0.4 and
 * 0.6 tints, backgrounds the 0.8 and 0.9 tints. Text and fills under text are the solid theme and
 * its shades. antd would otherwise derive its own palette from colorPrimary, and the two would disagree.
 */
export function antdThemeTokens(theme: string): NonNullable<ThemeConfig["token"]> {
  const [, , , , tint4, , tint6, , tint8, tint9] = getThemeCluster(theme);
  const { solid, hover, active } = solidTheme(theme);
  return {
    colorPrimary: solid,
    colorPrimaryHover: hover,
    colorPrimaryActive: active,
    colorPrimaryTextHover: hover,
    colorPrimaryText: solid,
    colorPrimaryTextActive: active,
    colorPrimaryBorderHover: tint4,
    colorPrimaryBorder: tint6,
    colorPrimaryBgHover: tint8,
    colorPrimaryBg: tint9,
    colorLink: solid,
    colorLinkHover: hover,
    colorLinkActive: active,
  };
}
