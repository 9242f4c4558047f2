import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, LAYOUT } from "../settings";
import { contrastRatio, TEXT_CONTRAST } from "../utils/contrast";
import { getThemeCluster, shadeColor, tintColor } from "../utils/theme-cluster";
import { antdThemeTokens, menuActiveColor, solidTheme, themeVariables } from "./theme-colors";

describe("theme colours of our own CSS", () => {
  it("starts the sidebar's active colour from the spec's #409EFF for the default theme, lightened to read", () => {
    expect(menuActiveColor("#1890ff")).toBe("#62afff");
    expect(menuActiveColor("#13c2c2")).toBe("#13c2c2");
    for (const theme of ["#1890ff", "#13c2c2", "#304156", "#212121", "#6959cd", "#f5222d"])
      expect(contrastRatio(menuActiveColor(theme), LAYOUT.menuBg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
  it("puts the zero-padded cluster into CSS variables, beside the solid theme", () => {
    const vars = themeVariables("#0a0b0c");
    expect(vars["--theme-color"]).toBe("#0a0b0c");
    expect(vars["--theme-0"]).toBe("#0a0b0c");
    expect(vars["--theme-10"]).toBe("#090a0b");
    expect(vars["--theme-solid"]).toBe("#0a0b0c");
    expect(Object.keys(vars)).toHaveLength(16);
  });
  it("agrees with global.css, which paints the default theme before the console runs", () => {
    const css = readFileSync(new URL("./global.css", import.meta.url), "utf8");
    const vars = themeVariables(DEFAULT_SETTINGS.theme);
    for (const name of [
      "--theme-color",
      "--theme-solid",
      "--theme-solid-hover",
      "--theme-solid-active",
      "--menu-active-text",
    ])
      expect(css).toContain(`${name}: ${vars[name]};`);
    expect(vars["--theme-solid"]).toBe("#1370c7");
  });
});

describe("the solid theme: the theme colour where it carries text", () => {
  it.each(["#409EFF", "#1890ff", "#304156", "#212121", "#11a983", "#13c2c2", "#6959CD", "#f5222d", "#ffff00"])(
    "%s reads under white text and on its own lightest tint, resting, hovered and pressed",
    (theme) => {
      const tint9 = getThemeCluster(theme)[9];
      for (const colour of Object.values(solidTheme(theme))) {
        expect(contrastRatio(colour, "#ffffff")).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrastRatio(colour, tint9)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
    },
  );
  it("keeps a theme that already reads", () => {
    expect(solidTheme("#304156").solid).toBe("#304156");
  });
});

describe("spec §9 theme cluster in antd's tokens", () => {
  it("puts the solid #13c2c2 and its cluster into antd's primary slots", () => {
    const { solid, hover, active } = solidTheme("#13c2c2");
    expect({ solid, hover, active }).toEqual({
      solid: "#0c7c7c",
      hover: shadeColor("#0c7c7c", 0.1),
      active: shadeColor("#0c7c7c", 0.2),
    });
    expect(antdThemeTokens("#13c2c2")).toEqual({
      colorPrimary: solid,
      colorPrimaryHover: hover,
      colorPrimaryActive: active,
      colorPrimaryTextHover: hover,
      colorPrimaryText: solid,
      colorPrimaryTextActive: active,
      colorPrimaryBorderHover: tintColor("#13c2c2", 0.4),
      colorPrimaryBorder: tintColor("#13c2c2", 0.6),
      colorPrimaryBgHover: tintColor("#13c2c2", 0.8),
      colorPrimaryBg: tintColor("#13c2c2", 0.9),
      colorLink: solid,
      colorLinkHover: hover,
      colorLinkActive: active,
    });
    // What the browser test reads on a hovered primary button.
    expect(hover).toBe("#0b7070");
  });
  it("writes every colour as zero-padded #rrggbb, dark themes included", () => {
    for (const colour of Object.values(antdThemeTokens("#05060a"))) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });
});
