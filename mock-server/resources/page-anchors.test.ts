// A page sought from an anchor is the page OFFSET reads, over random filters, sorts (nullable keys,
// two fields in mixed directions), pages and one-row writes between them (creates, moves, deletes),
// and after writes of unknown rows; on SQLite (anchors walked on the read pool) and, with
// TEST_ENGINE=pg, on PostgreSQL (walked by a cursor), where a second process's writes reach them too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Store, openStore } from "../db/store";
import { testDatabase, testEngine } from "../test-fixtures/test-database";
import type { Params } from "../db/sql-params";
import type { SortKey } from "./list-params";
import { buildOrder } from "./list-sql";
import { PageAnchors } from "./page-anchors";
import type { ListShape } from "./list-sql";

const dir = mkdtempSync(join(tmpdir(), "page-anchors-"));
let url: string;
let store: Store;
let anchors: PageAnchors;
beforeAll(async () => {
  // A file on SQLite: an in-memory database has no read pool to walk on.
  url = testEngine() === "postgres" ? await testDatabase() : join(dir, "console.db");
  store = openStore(url);
  await store.caughtUp(); // the change feed's first connection drops every cache: before the test, not during it
  await store.exec(`CREATE TABLE items (id INTEGER PRIMARY KEY, grade INTEGER NOT NULL, name TEXT, status TEXT NOT NULL);
    CREATE INDEX items_grade ON items (grade); CREATE INDEX items_name ON items (name); CREATE INDEX items_status ON items (status)`);
  anchors = new PageAnchors(store, 5);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
}

const names = ["alpha", "Beta", "gamma", "é", "\u{1F600}", "delta", "ab"];
const statuses = ["new", "used", "void"];
const wheres: { sql: string; params: Params }[] = [
  { sql: "", params: [] },
  { sql: `WHERE "status" = ?`, params: ["new"] },
  { sql: `WHERE "grade" >= ?`, params: [40] },
];
const sorts: SortKey[][] = [
  [{ field: "id", desc: true }],
  [{ field: "grade", desc: false }],
  [{ field: "grade", desc: true }],
  [{ field: "name", desc: false }],
  [{ field: "name", desc: true }],
  [{ field: "status", desc: true }],
  [
    { field: "status", desc: false },
    { field: "name", desc: true },
  ],
  [
    { field: "name", desc: false },
    { field: "grade", desc: true },
  ],
  [
    { field: "grade", desc: false },
    { field: "id", desc: true },
  ],
];

const shapeOf = (where: (typeof wheres)[number], sort: SortKey[]): ListShape => ({
  table: "items",
  quotedTable: '"items"',
  selectList: '"id", "grade", "name", "status"',
  where,
  sort,
  order: buildOrder(sort),
});

/** Fewer on PostgreSQL, where every statement is a round trip over a socket. */
const ROUNDS = testEngine() === "postgres" ? 300 : 600;

const ids = async (sql: string, params: Params) => (await store.all<{ id: number }>(sql, params)).map((row) => row.id);

async function insert(next: () => number, withNull: boolean): Promise<number> {
  const name = withNull && next() < 0.5 ? null : names[Math.floor(next() * names.length)];
  return await store.rowWrite("items", undefined, () =>
    store.insert("INSERT INTO items (grade, name, status) VALUES (?, ?, ?)", [
      Math.floor(next() * 100),
      name,
      statuses[Math.floor(next() * 3)],
    ]),
  );
}

it("seeks every page to the rows OFFSET reads, across one-row writes and writes of unknown rows", async () => {
  const next = random(7);
  await store.transaction(async () => {
    for (let i = 0; i < 400; i += 1)
      await store.run("INSERT INTO items (grade, name, status) VALUES (?, ?, ?)", [
        Math.floor(next() * 100),
        names[i % names.length],
        statuses[i % 3],
      ]);
  });
  store.bump("items", 400);
  let sought = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const where = wheres[Math.floor(next() * wheres.length)];
    const sort = sorts[Math.floor(next() * sorts.length)];
    const shape = shapeOf(where, sort);
    const total = (await ids(`SELECT id FROM items ${where.sql}`, where.params)).length;
    const offset = Math.floor(next() * total);
    const size = 1 + Math.floor(next() * 12);
    let seek = anchors.seek(shape, offset, size);
    if (!seek) {
      await anchors.settled();
      seek = anchors.seek(shape, offset, size);
    }
    if (seek) {
      sought += 1;
      const expected = await ids(`SELECT id FROM items ${where.sql} ${shape.order} LIMIT ? OFFSET ?`, [
        ...where.params,
        size,
        offset,
      ]);
      expect(await ids(seek.sql, seek.params), `round ${round}: ${shape.order} ${where.sql} @${offset}`).toEqual(
        expected,
      );
    }
    // A write or two between reads: each kind of one-row write, and now and then one of unknown rows.
    const roll = next();
    const some = async () => (await ids("SELECT id FROM items ORDER BY random() LIMIT 1", []))[0];
    if (roll < 0.3) await insert(next, true);
    else if (roll < 0.55) {
      const id = await some();
      await store.rowWrite("items", id, async () => {
        await store.run("UPDATE items SET grade = ?, status = ? WHERE id = ?", [
          Math.floor(next() * 100),
          statuses[Math.floor(next() * 3)],
          id,
        ]);
        return id;
      });
    } else if (roll < 0.75) {
      const id = await some();
      await store.rowWrite("items", id, async () => {
        await store.run("DELETE FROM items WHERE id = ?", [id]);
        return id;
      });
    } else if (roll < 0.77) {
      await store.run("UPDATE items SET grade = grade + 1 WHERE grade < 10");
      store.bump("items", 0);
    }
  }
  // Most reads were sought (the rest waited on a walk): the test compared real seeks.
  expect(sought).toBeGreaterThan(ROUNDS / 2);
  // NULL names were written and sought past: the NULL run is in the lists compared.
  expect((await ids("SELECT id FROM items WHERE name IS NULL", [])).length).toBeGreaterThan(20);
});

it("discards a walk when a write may or may not be in its snapshot, and lays it again on the next read", async () => {
  const shape = shapeOf(wheres[0], [{ field: "grade", desc: false }]);
  store.bump("items", 0);
  expect(anchors.seek(shape, 50, 5)).toBeUndefined(); // starts the walk
  await insert(random(3), false); // before the walk can have announced its snapshot
  await anchors.settled();
  expect(anchors.seek(shape, 50, 5)).toBeUndefined(); // the walk was discarded; a new one starts
  await anchors.settled();
  const seek = anchors.seek(shape, 50, 5)!;
  expect(await ids(seek.sql, seek.params)).toEqual(
    await ids(`SELECT id FROM items ${shape.order} LIMIT 5 OFFSET 50`, []),
  );
});

it("drops a set begun while a write of its table was not yet committed, once the write commits", async () => {
  const shape = shapeOf(wheres[0], [{ field: "id", desc: false }]);
  await anchors.settled();
  store.bump("items", 0);
  await store.transaction(async () => {
    const first = (await ids("SELECT id FROM items ORDER BY id LIMIT 1", []))[0];
    await store.rowWrite("items", first, async () => {
      await store.run("DELETE FROM items WHERE id = ?", [first]);
      return first;
    });
    expect(anchors.seek(shape, 50, 5)).toBeUndefined(); // begins a walk, whose snapshot cannot hold the delete
    await anchors.settled();
    expect(anchors.seek(shape, 50, 5)).toBeDefined(); // laid, one row off once the delete commits
  });
  expect(anchors.seek(shape, 50, 5)).toBeUndefined(); // dropped at the commit; a new walk begins
  await anchors.settled();
  const seek = anchors.seek(shape, 50, 5)!;
  expect(await ids(seek.sql, seek.params)).toEqual(
    await ids(`SELECT id FROM items ${shape.order} LIMIT 5 OFFSET 50`, []),
  );
});

describe.runIf(testEngine() === "postgres")("a second process on the same PostgreSQL", () => {
  it("drops the anchors its writes move, so a deep page stays the page OFFSET reads", async () => {
    const other = openStore(url);
    try {
      await other.caughtUp();
      const shape = shapeOf(wheres[0], [{ field: "id", desc: false }]);
      const offset = 60;
      const page = async () => await ids(`SELECT id FROM items ${shape.order} LIMIT 5 OFFSET ${offset}`, []);
      for (let round = 0; round < 6; round += 1) {
        let seek = anchors.seek(shape, offset, 5);
        if (!seek) {
          await anchors.settled();
          seek = anchors.seek(shape, offset, 5)!;
        }
        expect(await ids(seek.sql, seek.params), `round ${round}`).toEqual(await page());
        // The other process deletes the list's first row: every anchor after it is one row too far now.
        const first = (await ids(`SELECT id FROM items ${shape.order} LIMIT 1`, []))[0];
        await other.transaction(() =>
          other.rowWrite("items", first, async () => {
            await other.run("DELETE FROM items WHERE id = ?", [first]);
            return first;
          }),
        );
        await store.caughtUp(); // as a signed-in call does before it reads
      }
    } finally {
      await other.close();
    }
  });
});
