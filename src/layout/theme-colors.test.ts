import { describe, expect, it } from "vitest";
import { menuActiveColor, themeVariables } from "./theme-colors";

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
