// The ledger's rows of one event: _ledger_events (with its identity), the codes it names, its
// bizTransactions and parties. It checks nothing and sets no code's state: ledger.ts appends
// through it after the transition table's check, and the test fixture that plants a ledger as a
// restored database may hold it (test-fixtures/planted-events.ts); no rule imports it.
import { placeholders } from "../../db/sql-params";
import type { ChainContext } from "../chain-context";
import type { EventRow } from "../epcis/epcis-event";
import { EVENT_MEANING } from "./event-vocabulary";
import { insertIdentified } from "./event-identity";
import type { EventFields } from "./ledger-event";

/** Codes per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
export const CHUNK = 500;

export const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
};

/** Writes `event`'s rows; its id. */
export async function appendEvent(ctx: ChainContext, event: EventFields): Promise<number> {
  const meaning = EVENT_MEANING[event.kind];
  const now = ctx.records.now();
  const row: EventRow = {
    kind: event.kind,
    event_type: meaning.eventType,
    action: meaning.action,
    biz_step: meaning.bizStep,
    disposition: meaning.disposition ?? null,
    parent_code: event.parentCode ?? null,
    related_code: event.relatedCode ?? null,
    reason: event.reason ?? null,
    work_order_id: event.workOrderId ?? null,
    lot: event.lot ?? null,
    production_date: event.productionDate ?? null,
    expiry_date: event.expiryDate ?? null,
    read_point: event.readPoint ?? null,
    biz_location: event.bizLocation ?? null,
    event_time: event.eventTime ?? now,
    recorded_time: now,
  };
  const transactions = [
    ...new Map((event.bizTransactions ?? []).map((t) => [`${t.type}\u0000${t.value}`, t])).values(),
  ];
  const parties = event.parties ?? [];
  const id = await insertIdentified(ctx, row, { codes: event.codes, transactions, parties }, async (identity) => {
    return await ctx.store.insertUnlessConflict(
      `INSERT INTO _ledger_events (kind, event_type, action, biz_step, disposition, parent_code, code_count, related_code, reason,
         work_order_id, lot, production_date, expiry_date, read_point, biz_location, event_time, recorded_time, operator,
         event_hash, occurrence)
       VALUES (${placeholders(20)}) ON CONFLICT DO NOTHING`,
      [
        row.kind,
        row.event_type,
        row.action,
        row.biz_step,
        row.disposition,
        row.parent_code,
        event.codes.length,
        row.related_code,
        row.reason,
        row.work_order_id,
        row.lot,
        row.production_date,
        row.expiry_date,
        row.read_point,
        row.biz_location,
        row.event_time,
        row.recorded_time,
        event.operator,
        identity.event_hash,
        identity.occurrence,
      ],
    );
  });
  for (const part of chunks(event.codes))
    await ctx.store.run(
      `INSERT INTO _ledger_event_codes (event_id, code) VALUES ${part.map(() => "(?, ?)").join(", ")}`,
      part.flatMap((code) => [id, code]),
    );
  for (const t of transactions)
    await ctx.store.run(`INSERT INTO _ledger_biz_transactions (event_id, type, value) VALUES (?, ?, ?)`, [
      id,
      t.type,
      t.value,
    ]);
  for (const p of parties)
    await ctx.store.run(`INSERT INTO _ledger_parties (event_id, direction, type, value) VALUES (?, ?, ?, ?)`, [
      id,
      p.direction,
      p.type,
      p.value,
    ]);
  return id;
}
