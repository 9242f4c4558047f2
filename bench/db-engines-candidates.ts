// The ways of talking to a database that bench/db-engines.ts compares, each doing the same four
// things the same way a rule would: a read by primary key, 50 rows of an index range, and a write
// transaction of two statements (a movement inserted, the item's stock updated).
import { Kysely, PostgresDialect, SqliteDialect, sql as kyselySql, type Generated } from "kysely";
import pg from "pg";
import postgres from "postgres";
import { openDatabase } from "../mock-server/db/open-database";
import { openStore } from "../mock-server/db/store";
import type { Engine } from "../mock-server/db/engine/engine";
import { PgEngine } from "../mock-server/db/engine/pg-engine";
import { SqliteEngine } from "../mock-server/db/engine/sqlite-engine";

export interface Candidate {
  readonly name: string;
  readonly engine: "sqlite" | "postgres";
  pointRead(id: number): Promise<unknown>;
  rangeRead(group: number): Promise<unknown>;
  writeTransaction(id: number): Promise<unknown>;
  /** The same write, committed with the turn's other grouped writes where the candidate can. */
  groupedWrite?(id: number): Promise<unknown>;
  close(): Promise<void>;
}

export const RANGE_ROWS = 50;
const POINT = "SELECT id, sku, grp, qty, note FROM items WHERE id = ?";
const RANGE = `SELECT id, sku, qty FROM items WHERE grp = ? ORDER BY id LIMIT ${RANGE_ROWS}`;
const MOVE = "INSERT INTO moves (item_id, qty, at) VALUES (?, ?, ?)";
const STOCK = "UPDATE items SET qty = qty + ? WHERE id = ?";

/** Our interface, over either engine. */
export function engineCandidate(name: string, engine: Engine): Candidate {
  const write = (id: number, grouped: boolean) =>
    engine.transaction(
      async (tx) => {
        await tx.run(MOVE, [id, 1, new Date()]);
        await tx.run(STOCK, [1, id]);
      },
      { grouped },
    );
  return {
    name,
    engine: engine.dialect.name,
    pointRead: (id) => engine.one(POINT, [id]),
    rangeRead: (group) => engine.query(RANGE, [group]),
    writeTransaction: (id) => write(id, false),
    groupedWrite: (id) => write(id, true),
    close: () => engine.close(),
  };
}

export const sqliteEngineCandidate = (file: string) => engineCandidate("engine (ours)", new SqliteEngine(file));

export const pgEngineCandidate = (url: string, prepare = true) =>
  engineCandidate(prepare ? "engine (ours, over pg)" : "engine, unprepared", new PgEngine(url, { prepare }));

/** The Store the server runs on, over the SQLite engine: what its caches and scopes cost above the bare engine. */
export function storeCandidate(file: string): Candidate {
  const store = openStore(file);
  const write = async (id: number) => {
    await store.run(MOVE, [id, 1, new Date().toISOString()]);
    await store.run(STOCK, [1, id]);
  };
  return {
    name: "Store (server's)",
    engine: "sqlite",
    pointRead: (id) => store.get(POINT, [id]),
    rangeRead: (group) => store.all(RANGE, [group]),
    writeTransaction: (id) => store.transaction(() => write(id)),
    groupedWrite: (id) => store.grouped(() => write(id)),
    close: () => store.close(),
  };
}

interface Tables {
  items: { id: Generated<number>; sku: string; grp: number; qty: number; note: string };
  moves: { id: Generated<number>; item_id: number; qty: number; at: string | Date };
}

/** Kysely's typed builder, as rules would write with it. */
function kyselyCandidate(db: Kysely<Tables>, engine: Candidate["engine"], at: () => string | Date): Candidate {
  return {
    name: "Kysely",
    engine,
    pointRead: (id) =>
      db.selectFrom("items").select(["id", "sku", "grp", "qty", "note"]).where("id", "=", id).executeTakeFirst(),
    rangeRead: (group) =>
      db
        .selectFrom("items")
        .select(["id", "sku", "qty"])
        .where("grp", "=", group)
        .orderBy("id")
        .limit(RANGE_ROWS)
        .execute(),
    writeTransaction: (id) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto("moves").values({ item_id: id, qty: 1, at: at() }).execute();
        await trx
          .updateTable("items")
          .set({ qty: kyselySql<number>`qty + ${1}` })
          .where("id", "=", id)
          .execute();
      }),
    close: () => db.destroy(),
  };
}

export const kyselySqliteCandidate = (file: string): Candidate =>
  kyselyCandidate(new Kysely<Tables>({ dialect: new SqliteDialect({ database: openDatabase(file) }) }), "sqlite", () =>
    new Date().toISOString(),
  );

export const kyselyPgCandidate = (url: string): Candidate =>
  kyselyCandidate(
    new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }) }),
    "postgres",
    () => new Date(),
  );

/** postgres.js (porsager): tagged templates, statements prepared and pipelined by the driver. */
export function postgresJsCandidate(socketFolder: string, database: string): Candidate {
  const sql = postgres({ host: socketFolder, port: 5432, user: "postgres", database, max: 10, onnotice: () => {} });
  return {
    name: "postgres.js",
    engine: "postgres",
    pointRead: async (id) => (await sql`SELECT id, sku, grp, qty, note FROM items WHERE id = ${id}`)[0],
    // LIMIT a literal, as in the SQL the engines run.
    rangeRead: (group) => sql`SELECT id, sku, qty FROM items WHERE grp = ${group} ORDER BY id LIMIT 50`,
    writeTransaction: (id) =>
      sql.begin(async (tx) => {
        await tx`INSERT INTO moves (item_id, qty, at) VALUES (${id}, 1, ${new Date()})`;
        await tx`UPDATE items SET qty = qty + 1 WHERE id = ${id}`;
      }),
    close: () => sql.end(),
  };
}
