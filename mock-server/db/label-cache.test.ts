// Labels kept per table until its next write; see also the API-level case in
// resources/entity-routes.test.ts (a renamed brand shows at once on the products that name it).
import { describe, expect, it } from "vitest";
import { LabelCache, LABELS_PER_TABLE } from "./label-cache";

function tableOf(rows: Record<number, string>) {
  let version = 0;
  const loads: number[][] = [];
  const cache = new LabelCache(() => version);
  const read = async (ids: number[]) =>
    await cache.labels("brands", ids, (missing) => {
      loads.push([...missing]);
      return missing.filter((id) => id in rows).map((id) => [id, rows[id]] as const);
    });
  return { cache, read, loads, rows, write: () => (version += 1) };
}

describe("LabelCache", () => {
  it("reads each label once while the table is not written", () => {
    const t = tableOf({ 1: "伊利", 2: "蒙牛" });
    expect([...t.read([1, 2])]).toEqual([
      [1, "伊利"],
      [2, "蒙牛"],
    ]);
    expect([...t.read([2, 1])]).toEqual([
      [2, "蒙牛"],
      [1, "伊利"],
    ]);
    expect(t.loads).toEqual([[1, 2]]);
  });

  it("reads only the ids it does not know", () => {
    const t = tableOf({ 1: "伊利", 2: "蒙牛", 3: "光明" });
    t.read([1]);
    t.read([1, 3]);
    expect(t.loads).toEqual([[1], [3]]);
  });

  it("a write to the table drops what it kept: a renamed row shows its new label", () => {
    const t = tableOf({ 1: "伊利" });
    t.read([1]);
    t.rows[1] = "伊利集团";
    t.write();
    expect(t.read([1]).get(1)).toBe("伊利集团");
  });

  it("an id with no row is null, and is not looked up again", () => {
    const t = tableOf({});
    expect(t.read([9]).get(9)).toBeNull();
    expect(t.read([9]).get(9)).toBeNull();
    expect(t.loads).toEqual([[9]]);
  });

  it("clear forgets everything (a rolled-back transaction)", () => {
    const t = tableOf({ 1: "伊利" });
    t.read([1]);
    t.cache.clear();
    t.read([1]);
    expect(t.loads).toEqual([[1], [1]]);
  });

  it("keeps at most LABELS_PER_TABLE labels of a table", () => {
    const rows = Object.fromEntries(Array.from({ length: LABELS_PER_TABLE + 10 }, (_, i) => [i + 1, `b${i + 1}`]));
    const t = tableOf(rows);
    t.read(Array.from({ length: LABELS_PER_TABLE }, (_, i) => i + 1));
    t.read([LABELS_PER_TABLE + 1]);
    // The map started again: the first id is read again, the new one is kept.
    t.read([1]);
    expect(t.loads.at(-1)).toEqual([1]);
    expect(t.read([LABELS_PER_TABLE + 1]).get(LABELS_PER_TABLE + 1)).toBe(`b${LABELS_PER_TABLE + 1}`);
  });
});
