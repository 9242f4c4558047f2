// The ledger bench/epcis queries: BENCH_EVENTS events (default 10,000,000) written straight into
// the ledger's four tables with multi-row INSERTs, shaped as the chain writes them (ledger.ts): each
// trace code's life as its status says it went (encoding, commissioning on its work order with a
// prodorder, packing into its box, storing, shipping on its waybill with a bol and the dealer as
// destination owning party, a market inspection at a geo readPoint, a return with an rma, a void),
// one code a row in _ledger_event_codes, in time order as the chain appends (life-events.ts). The chain's
// own writer (hashing each event with epcis2.js, ~25 events a millisecond at best) would take hours;
// the query path reads event_hash and never computes it, so each event gets a unique hash of GS1's
// shape (ni:///sha-256;…?ver=CBV2.0) over its id instead. Projections that the chain writes beside
// an event (none are read by the EPCIS interface) are not written.
// SQLite: the tables' secondary indexes are dropped, the rows written in large transactions on the
// connection itself with synchronous=OFF, the indexes rebuilt once and ANALYZE run, as scan-load.ts
// loads trace codes.
import { createHash } from "node:crypto";
import type { Statement } from "better-sqlite3";
import type { Store } from "../../mock-server/db/store";
import { SqliteEngine } from "../../mock-server/db/engine/sqlite-engine";
import { EVENT_MEANING } from "../../mock-server/domain/ledger/event-vocabulary";
import { lifeEvents, type CodeReader, type CodeRow } from "./life-events";

const LEDGER_TABLES = ["_ledger_events", "_ledger_event_codes", "_ledger_biz_transactions", "_ledger_parties"];
const EVENT_COLUMNS = [
  "id",
  "kind",
  "event_type",
  "action",
  "biz_step",
  "disposition",
  "parent_code",
  "code_count",
  "work_order_id",
  "lot",
  "read_point",
  "biz_location",
  "event_time",
  "recorded_time",
  "operator",
  "event_hash",
] as const;
/** Rows in one INSERT: 16 columns × 100 rows stays well under SQLite's 32,766 bound parameters. */
const ROWS_A_STATEMENT = 100;
/** Codes read a time. */
const CODE_CHUNK = 50_000;
/** Events written a transaction. */
const FLUSH_EVENTS = 50_000;

type Value = string | number | null;

export interface LedgerBuild {
  readonly events: number;
  readonly codes: number;
  readonly seconds: number;
  /** The last event's time: the ledger's history runs from LEDGER_START to it. */
  readonly until: string;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const hashOf = (id: number) => `ni:///sha-256;${createHash("sha256").update(`bench-${id}`).digest("hex")}?ver=CBV2.0`;

/** Writes the first `events` events of the codes' lives (trace_codes in rowid order), in time order. */
export async function buildLedger(store: Store, events: number): Promise<LedgerBuild> {
  const engine = store.engine;
  if (!(engine instanceof SqliteEngine)) throw new Error("buildLedger needs the SQLite engine");
  const started = Date.now();
  const names = async (sql: string) => (await store.all<{ k: number | string; v: string }>(sql)).map((r) => r);
  const waybillNo = new Map(
    (await names(`SELECT id AS k, waybill_no AS v FROM waybills`)).map((r) => [Number(r.k), r.v]),
  );
  const dealerCode = new Map(
    (await names(`SELECT id AS k, dealer_code AS v FROM dealers`)).map((r) => [Number(r.k), r.v]),
  );
  const orderNo = new Map(
    (await names(`SELECT id AS k, order_no AS v FROM production_orders`)).map((r) => [Number(r.k), r.v]),
  );
  const codeTotal = Number((await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM trace_codes`))!.n);
  let id = Number((await store.get<{ n: number | null }>(`SELECT MAX(id) AS n FROM _ledger_events`))!.n ?? 0);
  const target = id + events;

  const db = engine.quietConnection();
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -2000000");
  const indexes = (
    db
      .prepare(
        `SELECT sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${LEDGER_TABLES.map(() => "?").join(", ")})`,
      )
      .all(...LEDGER_TABLES) as { sql: string }[]
  ).map((row) => row.sql);
  for (const sql of indexes) db.exec(`DROP INDEX ${/INDEX (?:IF NOT EXISTS )?("?[\w]+"?)/.exec(sql)![1]}`);

  const statements = new Map<string, Statement<Value[]>>();
  const insertMany = (table: string, columns: readonly string[], rows: Value[][]) => {
    for (let start = 0; start < rows.length; start += ROWS_A_STATEMENT) {
      const part = rows.slice(start, start + ROWS_A_STATEMENT);
      const key = `${table}:${part.length}`;
      let statement = statements.get(key);
      if (!statement) {
        const tuple = `(${columns.map(() => "?").join(", ")})`;
        statement = db.prepare<Value[]>(
          `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array.from({ length: part.length }, () => tuple).join(", ")}`,
        );
        statements.set(key, statement);
      }
      statement.run(...part.flat());
    }
  };

  const readCodes = db.prepare(
    `SELECT rowid AS rid, code, status, parent_code, work_order_id, batch_no, waybill_id, dealer_id FROM trace_codes
     WHERE rowid > ? ORDER BY rowid LIMIT ${CODE_CHUNK}`,
  );
  const read: CodeReader = (after) => readCodes.all(after) as (CodeRow & { rid: number })[];
  const eventRows: Value[][] = [];
  const codeRows: Value[][] = [];
  const transactionRows: Value[][] = [];
  const partyRows: Value[][] = [];
  const flush = db.transaction(() => {
    insertMany("_ledger_events", EVENT_COLUMNS, eventRows);
    insertMany("_ledger_event_codes", ["event_id", "code"], codeRows);
    insertMany("_ledger_biz_transactions", ["event_id", "type", "value"], transactionRows);
    insertMany("_ledger_parties", ["event_id", "direction", "type", "value"], partyRows);
    for (const rows of [eventRows, codeRows, transactionRows, partyRows]) rows.length = 0;
  });
  const codesSeen = new Set<number>();
  let until = "";
  for (const { kind, at, index, row } of lifeEvents(read, codeTotal)) {
    if (id >= target) break;
    id += 1;
    codesSeen.add(index);
    const meaning = EVENT_MEANING[kind];
    const time = iso(at);
    until = time;
    eventRows.push([
      id,
      kind,
      meaning.eventType,
      meaning.action,
      meaning.bizStep,
      meaning.disposition ?? null,
      kind === "pack" ? row.parent_code : null,
      1,
      kind === "activate" ? row.work_order_id : null,
      kind === "activate" ? row.batch_no : null,
      kind === "inspect" ? `geo:${22 + (index % 19)}.${index % 1000},${100 + (index % 23)}.${index % 997}` : null,
      null,
      time,
      time,
      "bench",
      hashOf(id),
    ]);
    codeRows.push([id, row.code]);
    const order = row.work_order_id === null ? undefined : orderNo.get(Number(row.work_order_id));
    if (kind === "activate" && order) transactionRows.push([id, "prodorder", order]);
    const waybill = row.waybill_id === null ? undefined : waybillNo.get(Number(row.waybill_id));
    const dealer = row.dealer_id === null ? undefined : dealerCode.get(Number(row.dealer_id));
    if (kind === "ship" && waybill) transactionRows.push([id, "bol", waybill]);
    if (kind === "ship" && dealer) partyRows.push([id, "destination", "owning_party", dealer]);
    if (kind === "return") {
      transactionRows.push([id, "rma", `RMA-BENCH-${index}`]);
      if (dealer) partyRows.push([id, "source", "owning_party", dealer]);
    }
    if (eventRows.length >= FLUSH_EVENTS) flush();
  }
  flush();
  if (id < target) throw new Error(`the codes' lives ran out after ${id} events: load more codes`);
  const quiet = engine.quietConnection();
  for (const sql of indexes) quiet.exec(sql);
  quiet.exec("ANALYZE");
  quiet.pragma("synchronous = FULL");
  quiet.pragma("wal_checkpoint(TRUNCATE)");
  return { events, codes: codesSeen.size, seconds: (Date.now() - started) / 1000, until };
}
