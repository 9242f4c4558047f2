import { describe, expect, it } from "vitest";
import { getThemeCluster, shadeColor, tintColor } from "../utils/theme-cluster";
import { antdThemeTokens, menuActiveColor, themeVariables } from "./theme-colors";

describe("theme colours of our own CSS", () => {
  it("keeps the spec's #409EFF sidebar active colour for the default theme", () => {
    expect(menuActiveColor("#1890ff")).toBe("#409EFF");
    expect(menuActiveColor("#13c2c2")).toBe("#13c2c2");
  });
  it("puts the zero-padded cluster into CSS variables", () => {
    const vars = themeVariables("#0a0b0c");
    expect(vars["--theme-color"]).toBe("#0a0b0c");
    expect(vars["--theme-0"]).toBe("#0a0b0c");
    expect(vars["--theme-10"]).toBe("#090a0b");
    expect(Object.keys(vars)).toHaveLength(13);
  });
});

describe("spec §9 theme cluster in antd's tokens", () => {
  it("puts the cluster of #13c2c2 into antd's primary slots", () => {
    expect(antdThemeTokens("#13c2c2")).toEqual({
      colorPrimary: "#13c2c2",
      colorPrimaryHover: tintColor("#13c2c2", 0.2),
      colorPrimaryActive: shadeColor("#13c2c2", 0.1),
      colorPrimaryTextHover: tintColor("#13c2c2", 0.2),
      colorPrimaryText: "#13c2c2",
      colorPrimaryTextActive: shadeColor("#13c2c2", 0.1),
      colorPrimaryBorderHover: tintColor("#13c2c2", 0.4),
      colorPrimaryBorder: tintColor("#13c2c2", 0.6),
      colorPrimaryBgHover: tintColor("#13c2c2", 0.8),
      colorPrimaryBg: tintColor("#13c2c2", 0.9),
      colorLink: "#13c2c2",
      colorLinkHover: tintColor("#13c2c2", 0.2),
      colorLinkActive: shadeColor("#13c2c2", 0.1),
    });
    // What the browser test reads on a hovered primary button.
    expect(tintColor("#13c2c2", 0.2)).toBe("#42cece");
  });
  it("uses only colours of the cluster, zero-padded for dark themes", () => {
    const cluster = getThemeCluster("#05060a");
    for (const colour of Object.values(antdThemeTokens("#05060a"))) {
      expect(cluster).toContain(colour);
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
