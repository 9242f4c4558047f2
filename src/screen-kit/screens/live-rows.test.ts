import { describe, expect, it } from "vitest";
import { hasRunningRows, progressOf } from "./live-rows";

const progress = { of: "quantity", while: { status: ["queued", "running"] } };

describe("progress bars (manifest x-ui progress)", () => {
  it("a list asks again only while a shown record runs", () => {
    expect(hasRunningRows([{ progress }], [{ status: "done" }, { status: "running" }])).toBe(true);
    expect(hasRunningRows([{ progress }], [{ status: "done" }, { status: "failed" }])).toBe(false);
    expect(hasRunningRows([{}], [{ status: "running" }])).toBe(false);
  });

  it("a bar is done of total, floored and clamped, running by `while`", () => {
    expect(progressOf(progress, 333, { quantity: 1000, status: "running" })).toEqual({
      done: 333,
      total: 1000,
      percent: 33,
      running: true,
    });
    expect(progressOf(progress, 1000, { quantity: 1000, status: "done" })).toMatchObject({
      percent: 100,
      running: false,
    });
    expect(progressOf(progress, 5, { quantity: 0, status: "done" }).percent).toBe(0);
    expect(progressOf(progress, 12, { quantity: 10, status: "done" }).percent).toBe(100);
  });
});
