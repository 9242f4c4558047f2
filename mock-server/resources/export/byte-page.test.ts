import { describe, expect, it } from "vitest";
import { BytePage } from "./byte-page";

describe("a reusable page of bytes", () => {
  it("grows past its capacity and keeps what it held, in UTF-8", () => {
    const page = new BytePage(4);
    const parts = ["ab", "茶茶茶", "☕", "x".repeat(100)];
    for (const part of parts) page.append(part);
    expect(page.bytes().toString("utf8")).toBe(parts.join(""));
  });

  it("starts over after clear()", () => {
    const page = new BytePage(16);
    page.append("first");
    page.clear();
    page.append("second");
    expect(page.bytes().toString("utf8")).toBe("second");
  });
});
