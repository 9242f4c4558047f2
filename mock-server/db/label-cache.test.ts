// Labels kept per table until its next write; see also the API-level case in
// resources/entity-routes.test.ts (a renamed brand shows at once on the products that name it).
import { describe, expect, it } from "vitest";
import { LabelCache, LABELS_PER_TABLE } from "./label-cache";

function tableOf(rows: Record<number, string>) {
  let version = 0;
  const loads: number[][] = [];
  const cache = new LabelCache(() => version);
  const read = (ids: number[]) =>
    cache.labels("brands", ids, (missing) => {
      loads.push([...missing]);
      return Promise.resolve(missing.filter((id) => id in rows).map((id) => [id, rows[id]] as const));
    });
  return { cache, read, loads, rows, write: () => (version += 1) };
}

describe("LabelCache", () => {
  it("reads each label once while the table is not written", async () => {
    const t = tableOf({ 1: "伊利", 2: "蒙牛" });
    expect([...(await t.read([1, 2]))]).toEqual([
      [1, "伊利"],
      [2, "蒙牛"],
    ]);
    expect([...(await t.read([2, 1]))]).toEqual([
      [2, "蒙牛"],
      [1, "伊利"],
    ]);
    expect(t.loads).toEqual([[1, 2]]);
  });

  it("answers from memory alone only when every label is kept at the table's version (kept)", async () => {
    const t = tableOf({ 1: "伊利", 2: "蒙牛" });
    expect(t.cache.kept("brands", [1])).toBeUndefined();
    await t.read([1, 9]); // 9 has no row: kept as null
    expect([...t.cache.kept("brands", [9, 1])!]).toEqual([
      [9, null],
      [1, "伊利"],
    ]);
    expect(t.cache.kept("brands", [1, 2])).toBeUndefined();
    expect([...t.cache.kept("brands", [])!]).toEqual([]);
    t.write();
    expect(t.cache.kept("brands", [1])).toBeUndefined();
  });

  it("reads only the ids it does not know", async () => {
    const t = tableOf({ 1: "伊利", 2: "蒙牛", 3: "光明" });
    await t.read([1]);
    await t.read([1, 3]);
    expect(t.loads).toEqual([[1], [3]]);
  });

  it("a write to the table drops what it kept: a renamed row shows its new label", async () => {
    const t = tableOf({ 1: "伊利" });
    await t.read([1]);
    t.rows[1] = "伊利集团";
    t.write();
    expect((await t.read([1])).get(1)).toBe("伊利集团");
  });

  it("an id with no row is null, and is not looked up again", async () => {
    const t = tableOf({});
    expect((await t.read([9])).get(9)).toBeNull();
    expect((await t.read([9])).get(9)).toBeNull();
    expect(t.loads).toEqual([[9]]);
  });

  it("clear forgets everything (a rolled-back transaction)", async () => {
    const t = tableOf({ 1: "伊利" });
    await t.read([1]);
    t.cache.clear();
    await t.read([1]);
    expect(t.loads).toEqual([[1], [1]]);
  });

  it("keeps nothing it loaded while a write came: the next read loads again", async () => {
    const t = tableOf({ 1: "伊利" });
    let release = () => {};
    const loading = t.cache.labels("brands", [1], async (missing) => {
      await new Promise<void>((done) => (release = done));
      return missing.map((id) => [id, "伊利 (before the write)"] as const);
    });
    t.rows[1] = "伊利集团";
    t.write();
    release();
    expect((await loading).get(1)).toBe("伊利 (before the write)");
    expect((await t.read([1])).get(1)).toBe("伊利集团");
    expect(t.loads).toEqual([[1]]);
  });

  it("keeps at most LABELS_PER_TABLE labels of a table", async () => {
    const rows = Object.fromEntries(Array.from({ length: LABELS_PER_TABLE + 10 }, (_, i) => [i + 1, `b${i + 1}`]));
    const t = tableOf(rows);
    await t.read(Array.from({ length: LABELS_PER_TABLE }, (_, i) => i + 1));
    await t.read([LABELS_PER_TABLE + 1]);
    // The map started again: the first id is read again, the new one is kept.
    await t.read([1]);
    expect(t.loads.at(-1)).toEqual([1]);
    expect((await t.read([LABELS_PER_TABLE + 1])).get(LABELS_PER_TABLE + 1)).toBe(`b${LABELS_PER_TABLE + 1}`);
  });
});
