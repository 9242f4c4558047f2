import { describe, expect, it } from "vitest";
import { readScanCode, scanPagePath } from "./scan-code";

describe("readScanCode", () => {
  it.each([
    ["ABC123", { code: "ABC123" }],
    ["  abc_12-3 \n", { code: "abc_12-3" }],
    ["x".repeat(64), { code: "x".repeat(64) }],
    ["https://trace.example.com/m/q/CYRM22EGEDDD7QDF", { code: "CYRM22EGEDDD7QDF" }],
    ["http://127.0.0.1:4173/m/q/AB_12/?from=qr#top", { code: "AB_12" }],
    ["/m/q/AB-12", { code: "AB-12" }],
  ])("reads %j", (raw, want) => {
    expect(readScanCode(raw)).toEqual(want);
  });

  it.each([
    ["", "required"],
    ["   ", "required"],
    [null, "required"],
    [undefined, "required"],
    ["x".repeat(65), "tooLong"],
    ["ABC 123", "pattern"],
    ["ABC/123", "pattern"],
    ["1' OR '1'='1", "pattern"],
    ["码值", "pattern"],
    ["https://trace.example.com/m/q/%E7%A0%81", "pattern"],
    ["https://trace.example.com/m/q/%E0%A4%A", "pattern"],
    ["https://trace.example.com/other/ABC", "pattern"],
  ])("refuses %j: %s", (raw, problem) => {
    expect(readScanCode(raw)).toEqual({ problem });
  });

  it("builds the scan page path", () => {
    expect(scanPagePath("AB_12-x")).toBe("/m/q/AB_12-x");
  });
});
