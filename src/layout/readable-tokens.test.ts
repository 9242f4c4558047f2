import { readFileSync } from "node:fs";
import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { contrastRatio, TEXT_CONTRAST } from "../utils/contrast";
import { readableTokens } from "./readable-tokens";

const defaults = theme.getDesignToken() as unknown as Readonly<Record<string, string>>;
const tokens = readableTokens() as unknown as Readonly<Record<string, string>>;

describe("antd's colours that carry text, made readable", () => {
  it.each(["Success", "Warning", "Error", "Info"])("a %s tag's text reads on its background", (status) => {
    expect(contrastRatio(tokens[`color${status}`], tokens[`color${status}Bg`])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // The pale background stays antd's, not one derived from the darker colour.
    expect(tokens[`color${status}Bg`]).toBe(defaults[`color${status}Bg`]);
  });
  it("darkens antd's success green, which reads at 2.2:1 on its own background", () => {
    expect(defaults.colorSuccess).toBe("#52c41a");
    expect(tokens.colorSuccess).not.toBe("#52c41a");
  });
  it.each(["blue", "cyan", "green", "gold", "lime", "yellow", "orange", "volcano", "magenta"])(
    "a %s tag's text reads on its background",
    (preset) => {
      expect(contrastRatio(tokens[`${preset}7`], defaults[`${preset}1`])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    },
  );
  it("keeps a preset that already reads", () => {
    expect(tokens.blue7).toBe(defaults.blue7);
  });
  it("agrees with global.css, which gives our own CSS the readable error red", () => {
    const css = readFileSync(new URL("./global.css", import.meta.url), "utf8");
    expect(css).toContain(`--error-text: ${tokens.colorError};`);
  });
  it("gives secondary text more ink than antd's 45 %", () => {
    expect(tokens.colorTextDescription).toBe("rgba(0, 0, 0, 0.6)");
    expect(tokens.colorTextTertiary).toBe(tokens.colorTextDescription);
  });
});
