import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../settings";
import { getThemeCluster, shadeColor, tintColor } from "./theme-cluster";

describe("spec §9 theme cluster", () => {
  it("starts from the default #1890ff and has 10 tints plus one shade", () => {
    const cluster = getThemeCluster(DEFAULT_SETTINGS.theme);
    expect(DEFAULT_SETTINGS.theme).toBe("#1890ff");
    expect(cluster).toHaveLength(11);
    expect(cluster[0]).toBe("#1890ff");
    // tints 0.0 … 0.9 in 0.1 steps, then the 0.1 shade
    cluster.slice(0, 10).forEach((colour, i) => expect(colour).toBe(tintColor("#1890ff", i / 10)));
    expect(cluster[10]).toBe(shadeColor("#1890ff", 0.1));
  });
  it("computes tints and shade channel by channel", () => {
    // 0x18=24 → 24+round(0.1*231)=47=0x2f; 0x90=144 → 144+round(0.1*111)=155=0x9b; 0xff stays.
    expect(tintColor("#1890ff", 0.1)).toBe("#2f9bff");
    expect(tintColor("#1890ff", 0.9)).toBe("#e8f4ff");
    // round(0.9*24)=22=0x16; round(0.9*144)=130=0x82; round(0.9*255)=230=0xe6
    expect(shadeColor("#1890ff", 0.1)).toBe("#1682e6");
  });
  it("zero-pads dark channels (the original printed #5... for 0x05)", () => {
    expect(shadeColor("#050a0f", 0.1)).toBe("#05090e");
    expect(tintColor("#000000", 0)).toBe("#000000");
    expect(tintColor("#000000", 0.01)).toBe("#030303");
    for (const colour of getThemeCluster("#010203")) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });
  it("accepts 3-digit colours and rejects others", () => {
    expect(getThemeCluster("#fff")[0]).toBe("#ffffff");
    expect(() => getThemeCluster("red")).toThrow();
  });
});
