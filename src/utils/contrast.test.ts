import { describe, expect, it } from "vitest";
import { contrastRatio, luminance, readableOn, TEXT_CONTRAST } from "./contrast";

describe("WCAG contrast", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    // antd's secondary grey on white, as axe-core reports it.
    ["#8c8c8c", "#ffffff", 3.36],
    ["#ffffff", "#1890ff", 3.24],
  ])("%s on %s is %s:1", (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });
  it("measures luminance from 0 (black) to 1 (white), short hex included", () => {
    expect(luminance("#000")).toBe(0);
    expect(luminance("#fff")).toBe(1);
  });
});

describe("readableOn", () => {
  it("keeps a colour that already reads, in lower case", () => {
    expect(readableOn("#0958D9", "#ffffff")).toBe("#0958d9");
  });
  it("darkens a colour on a light background just enough to reach 4.5:1", () => {
    const moved = readableOn("#1890ff", "#ffffff");
    expect(contrastRatio(moved, "#ffffff")).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(luminance(moved)).toBeLessThan(luminance("#1890ff"));
    // One step lighter would not read.
    expect(contrastRatio(moved, "#ffffff")).toBeLessThan(4.8);
  });
  it("lightens a colour on a dark background (the sidebar's #304156)", () => {
    const moved = readableOn("#409eff", "#304156");
    expect(contrastRatio(moved, "#304156")).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(luminance(moved)).toBeGreaterThan(luminance("#409eff"));
  });
  it("reaches the ratio for any colour on white or on black", () => {
    for (const colour of ["#ffff00", "#00ff00", "#13c2c2", "#faad14", "#000000", "#ffffff", "#304156"])
      for (const background of ["#ffffff", "#000000"])
        expect(contrastRatio(readableOn(colour, background), background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
