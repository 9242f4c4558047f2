// perEntry: made once for each catalog entry, again for another entry (a new catalog's).
import { expect, it } from "vitest";
import type { ResourceInfo } from "./catalog";
import { perEntry } from "./per-entry";

it("makes a value once per catalog entry", () => {
  let made = 0;
  const textOf = perEntry((info) => `${info.table}#${++made}`);
  const first = { table: "trace_codes" } as ResourceInfo;
  const second = { table: "trace_codes" } as ResourceInfo;
  expect([textOf(first), textOf(first), textOf(second), textOf(first)]).toEqual([
    "trace_codes#1",
    "trace_codes#1",
    "trace_codes#2",
    "trace_codes#1",
  ]);
  expect(made).toBe(2);
});
