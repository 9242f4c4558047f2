// An ANALYZE'd database loses its STAT4 samples on opening (they make SQLite
// compile a statement again whenever a bound value changes) and keeps its stat1 row counts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./open-database";

describe("openDatabase and ANALYZE's statistics", () => {
  it("drops sqlite_stat4's samples, keeps sqlite_stat1, and the plans still use the index", () => {
    const file = join(mkdtempSync(join(tmpdir(), "stat4-")), "db.sqlite");
    const setup = new Database(file);
    setup.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT, at TEXT); CREATE INDEX t_code ON t (code)");
    const insert = setup.prepare("INSERT INTO t (code, at) VALUES (?, ?)");
    setup.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`C${i % 700}`, `2026-01-${String((i % 28) + 1).padStart(2, "0")}`);
    })();
    setup.exec("ANALYZE");
    const count = (db: Database.Database, table: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count(setup, "sqlite_stat4")).toBeGreaterThan(0); // the build has STAT4: the guard has something to do
    setup.close();

    const db = openDatabase(file);
    expect(count(db, "sqlite_stat4")).toBe(0);
    expect(count(db, "sqlite_stat1")).toBeGreaterThan(0);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM t WHERE code = ?").all("C1") as { detail: string }[];
    expect(plan.map((row) => row.detail).join(" ")).toContain("t_code");
    db.close();
  });

  it("opens a database that was never analysed as it is", () => {
    const db = openDatabase(":memory:");
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_schema WHERE name LIKE 'sqlite_stat%'").get()).toEqual({
      n: 0,
    });
    db.close();
  });
});
