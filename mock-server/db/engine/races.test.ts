// Two requests racing for the same rows get the same outcome on both engines: SQLite runs one
// transaction at a time on its one connection, PostgreSQL runs them side by side and the row locks,
// unique indexes and serializable checks decide. A lost PostgreSQL connection is a typed refusal,
// and the engine recovers once the server is back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DatabaseUnavailable, SerializationFailure, UniqueViolation, retrying } from "./database-errors";
import type { Engine } from "./engine";
import { engineSubjects, pause } from "./test-engines";

describe.each(engineSubjects())("races on the $name engine", (subject) => {
  let engine: Engine;
  beforeAll(() => {
    engine = subject.open();
  });
  afterAll(() => engine.close());

  beforeEach(async () => {
    const { types, idColumn } = engine.dialect;
    for (const table of ["boxes", "waybills", "events"]) await engine.exec(`DROP TABLE IF EXISTS ${table}`);
    await engine.exec(`
      CREATE TABLE boxes (id ${idColumn}, places ${types.integer} NOT NULL);
      CREATE TABLE waybills (id ${idColumn}, number ${types.text} NOT NULL UNIQUE);
      CREATE TABLE events (id ${idColumn}, who ${types.text} NOT NULL);
      INSERT INTO boxes (places) VALUES (10);
    `);
  });

  /** Takes the box's last place: read, decide, write, as a packing rule does. */
  const takePlace = (who: string, lock: string, log: string[], holdMs: number) =>
    engine.transaction(async (tx) => {
      const { places } = (await tx.one<{ places: number }>(`SELECT places FROM boxes WHERE id = 1${lock}`))!;
      log.push(`${who} read ${places}`);
      await pause(holdMs);
      await tx.run("UPDATE boxes SET places = ? WHERE id = 1", [places - 1]);
      log.push(`${who} wrote ${places - 1}`);
      return places;
    });

  it("makes a racing transaction wait for the rows another has locked, so no update is lost", async () => {
    const log: string[] = [];
    const first = takePlace("A", engine.dialect.forUpdate, log, 150);
    await pause(30);
    const second = takePlace("B", engine.dialect.forUpdate, log, 0);
    expect(await Promise.all([first, second])).toEqual([10, 9]);
    expect(log).toEqual(["A read 10", "A wrote 9", "B read 9", "B wrote 8"]);
    expect(await engine.one("SELECT places FROM boxes")).toEqual({ places: 8 });
  });

  it.runIf(subject.name === "postgres")("loses an update without the lock (the test above can fail)", async () => {
    const log: string[] = [];
    const first = takePlace("A", "", log, 150);
    await pause(30);
    const second = takePlace("B", "", log, 0);
    expect(await Promise.all([first, second])).toEqual([10, 10]);
    expect(await engine.one("SELECT places FROM boxes")).toEqual({ places: 9 });
  });

  it("lets exactly one of two racing inserts of a business number win; the other gets UniqueViolation", async () => {
    const claim = (holdMs: number) =>
      engine.transaction(async (tx) => {
        await tx.run("INSERT INTO waybills (number) VALUES (?)", ["WB-0001"]);
        await pause(holdMs);
      });
    const first = claim(150);
    await pause(30);
    const outcomes = await Promise.allSettled([first, claim(0)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      constructor: UniqueViolation,
      table: "waybills",
      columns: ["number"],
    });
    expect(await engine.query("SELECT number FROM waybills")).toEqual([{ number: "WB-0001" }]);
  });

  it("runs a serializable read-then-write again when it loses, until both count", async () => {
    let runs = 0;
    let reads = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((done) => (bothRead = done));
    const increment = () =>
      retrying(() =>
        engine.transaction(
          async (tx) => {
            runs += 1;
            const { places } = (await tx.one<{ places: number }>("SELECT places FROM boxes WHERE id = 1"))!;
            if (++reads === 2) bothRead();
            // Both read before either writes (on SQLite the second cannot read yet: it waits its turn).
            await Promise.race([barrier, pause(100)]);
            await tx.run("UPDATE boxes SET places = ? WHERE id = 1", [places + 1]);
          },
          { isolation: "serializable" },
        ),
      );
    await Promise.all([increment(), increment()]);
    expect(await engine.one("SELECT places FROM boxes")).toEqual({ places: 12 });
    // PostgreSQL refused one of them at least once; SQLite never ran them side by side.
    if (subject.name === "postgres") expect(runs).toBeGreaterThan(2);
    else expect(runs).toBe(2);
  });

  it("never shows a statement outside a transaction the transaction's unfinished work", async () => {
    const writing = engine.transaction(async (tx) => {
      await tx.run("INSERT INTO events (who) VALUES ('first')");
      await pause(100);
      await tx.run("INSERT INTO events (who) VALUES ('second')");
    });
    await pause(20);
    const seen = (await engine.one<{ n: number }>("SELECT COUNT(*) AS n FROM events"))!.n;
    await writing;
    // SQLite: the read waits for the commit; PostgreSQL: it reads the last committed state.
    expect(seen).toBe(subject.name === "sqlite" ? 2 : 0);
  });

  it.runIf(subject.name === "sqlite")(
    "serialises concurrent transactions: no statement of one runs inside another",
    async () => {
      const log: string[] = [];
      const work = (who: string) =>
        engine.transaction(async (tx) => {
          for (let step = 1; step <= 3; step += 1) {
            await tx.run("INSERT INTO events (who) VALUES (?)", [`${who}${step}`]);
            log.push(`${who}${step}`);
            await pause(5);
          }
        });
      await Promise.all([work("A"), work("B"), work("C")]);
      expect(log).toEqual(["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]);
    },
  );

  it.runIf(subject.name === "sqlite")(
    "refuses, not hangs, a statement on the engine inside its own transaction",
    async () => {
      const misuse = engine.transaction(async () => {
        await engine.query("SELECT 1 AS one");
      });
      await expect(misuse).rejects.toThrow(SerializationFailure);
      await expect(misuse).rejects.toThrow(/use the transaction's handle/);
      expect(await engine.one("SELECT 1 AS one")).toEqual({ one: 1 });
    },
  );
});

// A cluster of its own: stopping it must not disturb the races above.
const postgres = engineSubjects().find((subject) => subject.name === "postgres");

describe.runIf(postgres)("a lost PostgreSQL connection", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = postgres!.open({ connectTimeoutMs: 1000 });
    await engine.exec("CREATE TABLE kept (v TEXT)");
    await engine.run("INSERT INTO kept (v) VALUES ('before')");
  });
  afterAll(() => engine.close());

  it("surfaces as DatabaseUnavailable while the server is down, and the next call after it is back recovers", async () => {
    const cluster = postgres!.cluster()!;
    let stopped!: () => void;
    const stopping = new Promise<void>((done) => (stopped = done));
    const interrupted = engine.transaction(async (tx) => {
      await tx.run("INSERT INTO kept (v) VALUES ('lost with its transaction')");
      stopped();
      await pause(200);
      await tx.run("INSERT INTO kept (v) VALUES ('never')");
    });
    await stopping;
    cluster.stop("immediate");
    await expect(interrupted).rejects.toBeInstanceOf(DatabaseUnavailable);
    await expect(engine.query("SELECT v FROM kept")).rejects.toBeInstanceOf(DatabaseUnavailable);
    await expect(engine.transaction((tx) => tx.query("SELECT 1"))).rejects.toBeInstanceOf(DatabaseUnavailable);
    cluster.start();
    expect(await engine.query("SELECT v FROM kept")).toEqual([{ v: "before" }]);
    await engine.run("INSERT INTO kept (v) VALUES ('after')");
    expect(await engine.query("SELECT v FROM kept ORDER BY v")).toEqual([{ v: "after" }, { v: "before" }]);
  });
});
