// The same statements, values and units of work give the same answers on both engines: this file
// runs once per engine (test-engines.ts). Races and lost connections are in races.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { likeContains } from "../sql-names";
import { ForeignKeyViolation, TransactionAborted, UniqueViolation } from "./database-errors";
import type { Engine } from "./engine";
import { engineSubjects } from "./test-engines";

const MAX = Number.MAX_SAFE_INTEGER;

describe.each(engineSubjects())("the $name engine", (subject) => {
  let engine: Engine;
  beforeAll(() => {
    engine = subject.open();
  });
  afterAll(() => engine.close());

  beforeEach(async () => {
    const { types, idColumn } = engine.dialect;
    for (const table of ["parcels", "boxes", "things", "counters"]) await engine.exec(`DROP TABLE IF EXISTS ${table}`);
    await engine.exec(`
      CREATE TABLE things (
        id ${idColumn}, name ${types.text} NOT NULL UNIQUE, n ${types.integer}, r ${types.real},
        flag ${types.boolean}, doc ${types.json}, at ${types.timestamp}, bytes ${types.bytes}
      );
      CREATE TABLE counters (name ${types.text} PRIMARY KEY, value ${types.integer} NOT NULL);
      CREATE TABLE boxes (id ${idColumn}, label ${types.text} NOT NULL);
      CREATE TABLE parcels (id ${idColumn}, box_id ${types.integer} NOT NULL REFERENCES boxes (id));
    `);
    // The embedded store checks references in the server; the engines' mapping is what is tested here.
    if (engine.dialect.name === "sqlite") await engine.exec("PRAGMA foreign_keys = ON");
  });

  const count = async (table: string) => (await engine.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

  describe("statements", () => {
    it("creates, reads, updates and deletes, with the id and the rows changed", async () => {
      const created = await engine.run("INSERT INTO things (name, n) VALUES (?, ?) RETURNING id", ["a", 1]);
      expect(created).toEqual({ changes: 1, lastId: 1 });
      const second = await engine.one<{ id: number }>("INSERT INTO things (name, n) VALUES (?, ?) RETURNING id", [
        "b",
        2,
      ]);
      expect(second).toEqual({ id: 2 });
      expect(await engine.run("INSERT INTO things (name, n) VALUES (?, ?)", ["c", 3])).toEqual({
        changes: 1,
        lastId: undefined,
      });
      expect(await engine.query("SELECT id, name FROM things WHERE n >= ? ORDER BY id", [2])).toEqual([
        { id: 2, name: "b" },
        { id: 3, name: "c" },
      ]);
      expect(await engine.run("UPDATE things SET n = n + 10 WHERE n < ?", [3])).toEqual({
        changes: 2,
        lastId: undefined,
      });
      expect(await engine.one("SELECT n FROM things WHERE id = ?", [1])).toEqual({ n: 11 });
      expect(await engine.one("SELECT n FROM things WHERE id = ?", [99])).toBeUndefined();
      expect((await engine.run("DELETE FROM things WHERE id IN (?, ?)", [1, 3])).changes).toBe(2);
      expect(await count("things")).toBe(1);
    });

    it("answers a read at once (no promise) only where it runs in process: SQLite, with no transaction open", async () => {
      await engine.run("INSERT INTO things (name, n) VALUES (?, ?)", ["a", 1]);
      const atOnce = () => engine.oneAtOnce?.("SELECT name, n FROM things WHERE n = ?", [1]);
      if (engine.dialect.name === "postgres") return expect(atOnce()).toBeUndefined();
      expect(atOnce()).toEqual({ row: { name: "a", n: 1 } });
      expect(engine.oneAtOnce?.("SELECT name FROM things WHERE n = ?", [2])).toEqual({ row: undefined });
      let release!: () => void;
      let opened!: () => void;
      const open = new Promise<void>((resolve) => (opened = resolve));
      const held = engine.transaction(async (tx) => {
        await tx.run("UPDATE things SET n = 2 WHERE n = 1");
        opened();
        await new Promise<void>((resolve) => (release = resolve));
        await tx.run("UPDATE things SET n = 1 WHERE n = 2");
      });
      await open;
      try {
        expect(atOnce()).toBeUndefined(); // the open transaction holds the connection
      } finally {
        release();
        await held;
      }
      expect(atOnce()).toEqual({ row: { name: "a", n: 1 } });
    });

    it("binds and reads back every kind of value the server stores, the same on both", async () => {
      const at = new Date("2026-11-27T10:11:12.345Z");
      const doc = { codes: ["A-1", "B?2"], weight: 1.5, empty: null };
      const row = {
        name: "it's ? 雪 -- /* not a comment */ $1",
        n: MAX,
        r: 0.1,
        flag: true,
        doc: JSON.stringify(doc),
        at,
        bytes: Buffer.from([0, 1, 255]),
      };
      await engine.run(
        "INSERT INTO things (name, n, r, flag, doc, at, bytes) VALUES (?, ?, ?, ?, ?, ?, ?)",
        Object.values(row),
      );
      await engine.run("INSERT INTO things (name, n, r, flag) VALUES (?, ?, ?, ?)", ["low", -MAX, -2.5e-300, false]);
      await engine.run("INSERT INTO things (name) VALUES ('nothing')");
      const [first, low, nothing] = await engine.query<Record<string, unknown>>(
        "SELECT name, n, r, flag, doc, at, bytes FROM things ORDER BY id",
      );
      expect({ ...first, doc: JSON.parse(first.doc as string) }).toEqual({
        ...row,
        doc,
        flag: 1, // booleans read as 1 and 0 on both
        at: "2026-11-27T10:11:12.345Z", // timestamps as ISO-8601 UTC text
      });
      expect(low).toMatchObject({ n: -MAX, r: -2.5e-300, flag: 0 });
      expect(nothing).toEqual({ name: "nothing", n: null, r: null, flag: null, doc: null, at: null, bytes: null });
    });

    it("filters on each kind of value, with SQL written once", async () => {
      const { now, likeIgnoringCase } = engine.dialect;
      await engine.run("INSERT INTO things (name, n, flag, doc, at) VALUES (?, ?, ?, ?, ?)", [
        "Snow_100%",
        MAX,
        true,
        '{"k": "v", "n": 7}',
        new Date(Date.now() - 60_000),
      ]);
      await engine.run("INSERT INTO things (name, flag, at) VALUES (?, ?, ?)", [
        "snowy",
        false,
        "2999-01-01T00:00:00.000Z",
      ]);
      const names = async (where: string, params: (string | number | boolean)[]) =>
        (await engine.query<{ name: string }>(`SELECT name FROM things WHERE ${where} ORDER BY id`, params)).map(
          (row) => row.name,
        );
      expect(await names("flag = ?", [true])).toEqual(["Snow_100%"]);
      expect(await names("flag = FALSE", [])).toEqual(["snowy"]);
      expect(await names("n = ?", [MAX])).toEqual(["Snow_100%"]);
      expect(await names(`at < ${now}`, [])).toEqual(["Snow_100%"]);
      expect(await names(`name ${likeIgnoringCase} ? ESCAPE '\\'`, [likeContains("SNOW_1")])).toEqual(["Snow_100%"]);
      expect(await names("doc ->> 'k' = ?", ["v"])).toEqual(["Snow_100%"]);
      const { at } = (await engine.one<{ at: string }>(`SELECT ${now} AS at`))!;
      expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
      expect(await engine.one("SELECT COUNT(*) AS n, SUM(n) AS total FROM things")).toEqual({ n: 2, total: MAX });
    });

    it("upserts with ON CONFLICT on both", async () => {
      const add = (name: string, value: number) =>
        engine.run(
          "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value",
          [name, value],
        );
      await add("scans", 1);
      await add("scans", 2);
      await engine.run("INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", ["scans", 100]);
      expect(await engine.query("SELECT name, value FROM counters")).toEqual([{ name: "scans", value: 3 }]);
    });

    it("maps a unique and a foreign-key violation to the same refusals on both", async () => {
      await engine.run("INSERT INTO things (name) VALUES (?)", ["W-1"]);
      const duplicate = await engine
        .run("INSERT INTO things (name) VALUES (?)", ["W-1"])
        .catch((error: unknown) => error);
      expect(duplicate).toBeInstanceOf(UniqueViolation);
      expect(duplicate).toMatchObject({ failure: "unique", table: "things", columns: ["name"] });
      const orphan = await engine.run("INSERT INTO parcels (box_id) VALUES (?)", [42]).catch((error: unknown) => error);
      expect(orphan).toBeInstanceOf(ForeignKeyViolation);
      expect(await count("things")).toBe(1);
    });
  });

  describe("units of work", () => {
    it("commits when the work resolves", async () => {
      const id = await engine.transaction(async (tx) => {
        const box = await tx.run("INSERT INTO boxes (label) VALUES (?) RETURNING id", ["B-1"]);
        await tx.run("INSERT INTO parcels (box_id) VALUES (?)", [box.lastId!]);
        return box.lastId;
      });
      expect(id).toBe(1);
      expect([await count("boxes"), await count("parcels")]).toEqual([1, 1]);
    });

    it("rolls everything back when the work throws, and rethrows the same error", async () => {
      const thrown = new Error("the rule refuses");
      await expect(
        engine.transaction(async (tx) => {
          await tx.run("INSERT INTO boxes (label) VALUES (?)", ["B-1"]);
          expect(await tx.one("SELECT COUNT(*) AS n FROM boxes")).toEqual({ n: 1 });
          throw thrown;
        }),
      ).rejects.toBe(thrown);
      expect(await count("boxes")).toBe(0);
    });

    it("rolls back a failed nested transaction (a savepoint) only; the outer work goes on and commits", async () => {
      await engine.transaction(async (tx) => {
        await tx.run("INSERT INTO things (name) VALUES (?)", ["kept"]);
        const inner = await tx
          .transaction(async (savepoint) => {
            await savepoint.run("INSERT INTO things (name) VALUES (?)", ["undone"]);
            await savepoint.run("INSERT INTO things (name) VALUES (?)", ["kept"]); // unique violation
          })
          .catch((error: unknown) => error);
        expect(inner).toBeInstanceOf(UniqueViolation);
        await tx.transaction(async (savepoint) => {
          await savepoint.run("INSERT INTO things (name) VALUES (?)", ["also kept"]);
        });
      });
      expect((await engine.query("SELECT name FROM things ORDER BY id")).map((row) => row.name)).toEqual([
        "kept",
        "also kept",
      ]);
    });

    it("leaves the data as it was when a statement fails inside", async () => {
      await engine.run("INSERT INTO counters (name, value) VALUES ('stock', 10)");
      await engine.run("INSERT INTO things (name) VALUES ('W-1')");
      const refused = engine.transaction(async (tx) => {
        await tx.run("UPDATE counters SET value = value - 1 WHERE name = 'stock'");
        await tx.run("INSERT INTO things (name) VALUES ('W-1')");
      });
      await expect(refused).rejects.toBeInstanceOf(UniqueViolation);
      expect(await engine.one("SELECT value FROM counters")).toEqual({ value: 10 });
    });

    it("refuses a transaction that went on after a failed statement without a savepoint, as PostgreSQL does", async () => {
      await engine.run("INSERT INTO things (name) VALUES ('W-1')");
      const spoiled = engine.transaction(async (tx) => {
        await tx.run("INSERT INTO boxes (label) VALUES ('B-1')");
        await tx.run("INSERT INTO things (name) VALUES ('W-1')").catch(() => undefined);
        await expect(tx.query("SELECT 1 AS one")).rejects.toBeInstanceOf(TransactionAborted);
        return "swallowed";
      });
      await expect(spoiled).rejects.toBeInstanceOf(TransactionAborted);
      expect(await count("boxes")).toBe(0);
    });

    it("refuses a handle used after its transaction, or beside its open savepoint", async () => {
      let escaped: { query(sql: string): Promise<unknown> } | undefined;
      await engine.transaction(async (tx) => {
        escaped = tx;
        await tx.transaction(async () => {
          await expect(tx.query("SELECT 1 AS one")).rejects.toThrow(/savepoint of this transaction is open/);
        });
      });
      await expect(escaped!.query("SELECT 1 AS one")).rejects.toThrow(/has ended/);
    });

    it("commits grouped transactions together; a failing member undoes only itself", async () => {
      const members = ["g1", "g2", "g1", "g3"].map((name) =>
        engine.transaction(
          async (tx) => {
            await tx.run("INSERT INTO things (name) VALUES (?)", [name]);
            return name;
          },
          { grouped: true },
        ),
      );
      const outcomes = await Promise.allSettled(members);
      // On PostgreSQL the members run side by side, so either "g1" may be the one refused.
      const refused = outcomes.filter((outcome) => outcome.status === "rejected");
      expect(refused).toHaveLength(1);
      expect(refused[0].reason).toBeInstanceOf(UniqueViolation);
      expect(outcomes[1]).toEqual({ status: "fulfilled", value: "g2" });
      expect((await engine.query("SELECT name FROM things ORDER BY name")).map((row) => row.name)).toEqual([
        "g1",
        "g2",
        "g3",
      ]);
    });
  });
});
