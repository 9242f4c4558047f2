// The one writer of a code's history and state. Each call appends one event to the ledger
// (ledger-tables.ts) and updates the current state of the codes it names (trace_codes: status,
// parent, work order, lot, …) in the same transaction, so the state is always what the events say.
// Domain rules decide whether a change is allowed and say why not; this module only records it,
// and refuses as a last guard a move the chain's transition table (transition-table.ts) does not have.
import { placeholders } from "../../db/sql-params";
import { UniqueViolation } from "../../db/engine/database-errors";
import type { ChainContext } from "../chain-context";
import { quoteIdent } from "../../db/sql-names";
import { message } from "../../../schema/contract/messages";
import { ChainRefusal } from "../refusal";
import { eitherOf, eventWord, statusWord } from "../codes/code-words";
import type { ResourceInfo } from "../../resources/catalog";
import type { Row } from "../../resources/row-codec";
import { EVENT_MEANING, type CodeStatusValue, type EventKind } from "./event-vocabulary";
import { allowsMove, fromStatesInto, NEW_CODE, type FromState } from "./transition-table";
import { insertIdentified } from "./event-identity";
import type { EventRow } from "../epcis/epcis-event";

export const TRACE_CODES = "trace_codes";
/** Codes per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

export interface BizTransaction {
  /** CBV type: prodorder (work order), bol (waybill), rma (return). */
  readonly type: string;
  readonly value: string;
}

/** An EPCIS source or destination (CBV type owning_party, possessing_party, location). */
export interface Party {
  readonly direction: "source" | "destination";
  readonly type: string;
  /** The party's identifier: a dealer's dealer_code, a warehouse's warehouse_code. */
  readonly value: string;
}

export interface LedgerEvent {
  readonly kind: EventKind;
  /** The codes the event is about (ObjectEvent epcList, AggregationEvent childEPCs). */
  readonly codes: readonly string[];
  /** AggregationEvent parentID. */
  readonly parentCode?: string | null;
  /** The other code of a replacement (the old code on the new one's event, "replaced by" on the void). */
  readonly relatedCode?: string | null;
  readonly reason?: string | null;
  readonly workOrderId?: number | null;
  /** ilmd: lot (生产批次), production and expiry dates. */
  readonly lot?: string | null;
  readonly productionDate?: string | null;
  readonly expiryDate?: string | null;
  readonly readPoint?: string | null;
  readonly bizLocation?: string | null;
  readonly bizTransactions?: readonly BizTransaction[];
  /** EPCIS sourceList / destinationList. */
  readonly parties?: readonly Party[];
  /** When it happened (a line's scan time); default the server's clock. */
  readonly eventTime?: string;
  readonly operator: string | null;
}

/** State columns of trace_codes the event sets on every code it names; absent columns are skipped. */
export type CodeState = Row;

export interface StoredEvent {
  readonly id: number;
  readonly kind: EventKind;
  readonly event_type: string;
  readonly action: string;
  readonly biz_step: string;
  readonly disposition: string | null;
  readonly parent_code: string | null;
  readonly code_count: number;
  readonly related_code: string | null;
  readonly reason: string | null;
  readonly work_order_id: number | null;
  readonly lot: string | null;
  readonly production_date: string | null;
  readonly expiry_date: string | null;
  readonly read_point: string | null;
  readonly biz_location: string | null;
  readonly event_time: string;
  readonly recorded_time: string;
  readonly operator: string | null;
  /** GS1's event hash, the event's EPCIS eventID (event-identity.ts). */
  readonly event_hash: string;
  readonly occurrence: number | null;
}

export const traceCodes = (ctx: ChainContext): ResourceInfo => ctx.catalog.info(TRACE_CODES);

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
};

async function appendEvent(ctx: ChainContext, event: LedgerEvent): Promise<number> {
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

/**
 * The last guard: every code exists and the transition table (transition-table.ts) lets `kind` move
 * it from its state into `to` (absent: it stays where it is). Rules refuse earlier, with reasons.
 */
async function assertMoves(
  ctx: ChainContext,
  info: ResourceInfo,
  kind: EventKind,
  codes: readonly string[],
  to: CodeStatusValue | undefined,
): Promise<void> {
  const from = fromStatesInto(kind, to);
  for (const part of chunks(codes)) {
    const rows = await ctx.store.all<{ code: string; status: string | null }>(
      `SELECT "code" AS code, "status" AS status FROM ${quoteIdent(info.table)} WHERE "code" IN (${placeholders(part.length)})`,
      part,
    );
    const found = new Map(rows.map((row) => [row.code, row.status]));
    for (const code of part) {
      if (!found.has(code))
        throw new ChainRefusal("conflict", message("codes.ledgerUnknownCode", { event: eventWord(kind), code }));
      const status = found.get(code) ?? null;
      if (!from.includes(status as FromState))
        throw new ChainRefusal(
          "conflict",
          message("codes.ledgerWrongStatus", {
            event: eventWord(kind),
            code,
            status: statusWord(status),
            from: eitherOf(from.map((one) => statusWord(one))),
          }),
        );
    }
  }
}

/** The status `state` writes, if it writes one. */
const statusOf = (state: CodeState): CodeStatusValue | undefined =>
  (state.status as CodeStatusValue | undefined) ?? undefined;

async function writeState(
  ctx: ChainContext,
  info: ResourceInfo,
  codes: readonly string[],
  state: CodeState,
): Promise<void> {
  const names = Object.keys(state).filter((name) => info.byName.has(name));
  if (info.byName.has("updated_at")) names.push("updated_at");
  const values = names.map((name) => (name === "updated_at" ? ctx.records.now() : state[name])) as never[];
  if (!names.length) return;
  const set = names.map((name) => `${quoteIdent(name)} = ?`).join(", ");
  for (const part of chunks(codes))
    await ctx.store.run(`UPDATE ${quoteIdent(info.table)} SET ${set} WHERE "code" IN (${placeholders(part.length)})`, [
      ...values,
      ...part,
    ]);
  ctx.store.bump(info.table, 0);
}

/** Appends an observation (an inspection) that changes no code's state. */
export async function observeEvent(ctx: ChainContext, event: LedgerEvent): Promise<number> {
  return await ctx.store.transaction(async () => await appendEvent(ctx, event));
}

/**
 * Appends `event` and sets `state` on each of its codes, in one transaction (a savepoint when the
 * caller is already in one), if the transition table allows each code's move.
 */
export async function recordEvent(ctx: ChainContext, event: LedgerEvent, state: CodeState): Promise<number> {
  const info = traceCodes(ctx);
  return await ctx.store.transaction(async () => {
    await assertMoves(ctx, info, event.kind, event.codes, statusOf(state));
    const id = await appendEvent(ctx, event);
    await writeState(ctx, info, event.codes, state);
    return id;
  });
}

/** Codes and the state they take, for an event whose effect reaches beyond the codes it names. */
export interface StateChange {
  readonly codes: readonly string[];
  readonly state: CodeState;
}

/**
 * Appends `event` (naming only its own codes: a shipped pallet is its SSCC) and writes each of
 * `changes` (the pallet and everything inside it, each in its own state), in one transaction.
 * The transition table must allow each changed code's move.
 */
export async function recordContainedEvent(
  ctx: ChainContext,
  event: LedgerEvent,
  changes: readonly StateChange[],
): Promise<number> {
  const info = traceCodes(ctx);
  return await ctx.store.transaction(async () => {
    for (const change of changes) await assertMoves(ctx, info, event.kind, change.codes, statusOf(change.state));
    const id = await appendEvent(ctx, event);
    for (const change of changes) if (change.codes.length) await writeState(ctx, info, change.codes, change.state);
    return id;
  });
}

/**
 * Issues new codes (generation, import): inserts their trace_codes rows with `values` and appends
 * the issue/import event naming them. `draw` makes one candidate code; a chunk that meets an
 * existing code (unique index) is drawn again, so codes stay unique across everything issued.
 */
export async function issueCodes(
  ctx: ChainContext,
  event: Omit<LedgerEvent, "codes">,
  quantity: number,
  draw: () => string,
  values: Row,
): Promise<string[]> {
  if (!allowsMove(event.kind, NEW_CODE, statusOf(values)))
    throw new Error(`issueCodes: the transition table issues no ${event.kind} code as ${String(values.status)}`);
  const info = traceCodes(ctx);
  const now = ctx.records.now();
  // The schema's defaults first (a new code has been scanned 0 times), then what the issue names.
  const fixed: Row = Object.fromEntries(
    Object.entries({ ...ctx.records.defaultValues(info), ...values }).filter(([name]) => info.byName.has(name)),
  );
  if (info.byName.has("created_at")) fixed.created_at = now;
  if (info.byName.has("updated_at")) fixed.updated_at = now;
  const names = ["code", ...Object.keys(fixed)];
  const tuple = `(${placeholders(names.length)})`;
  const rest = Object.values(fixed);
  const head = `INSERT INTO ${quoteIdent(info.table)} (${names.map(quoteIdent).join(", ")}) VALUES `;
  return await ctx.store.transaction(async () => {
    const issued: string[] = [];
    for (let attempts = 0; issued.length < quantity; attempts += 1) {
      if (attempts > quantity / 10 + 100)
        throw new Error(`issue: too many collisions drawing codes (${issued.length} of ${quantity} issued)`);
      const count = Math.min(CHUNK / 5, quantity - issued.length);
      const codes = Array.from({ length: count }, draw);
      if (new Set(codes).size !== count) continue;
      try {
        // In a savepoint of its own: a UNIQUE failure rolls back this chunk only; draw it again.
        await ctx.store.transaction(() =>
          ctx.store.run(
            head + Array(count).fill(tuple).join(", "),
            codes.flatMap((code) => [code, ...rest]) as never[],
          ),
        );
      } catch (error) {
        if (error instanceof UniqueViolation) continue;
        throw error;
      }
      issued.push(...codes);
    }
    ctx.store.bump(info.table, quantity);
    await appendEvent(ctx, { ...event, codes: issued });
    return issued;
  });
}

export const EVENT_COLUMNS =
  "e.id, e.kind, e.event_type, e.action, e.biz_step, e.disposition, e.parent_code, e.code_count, e.related_code, e.reason, e.work_order_id, e.lot, e.production_date, e.expiry_date, e.read_point, e.biz_location, e.event_time, e.recorded_time, e.operator, e.event_hash, e.occurrence";

/** A code's history (流转记录), oldest first: the events that name it or have it as their parent. */
export async function timeline(ctx: ChainContext, code: string): Promise<StoredEvent[]> {
  return await ctx.store.all<StoredEvent>(
    `SELECT ${EVENT_COLUMNS} FROM _ledger_events e
     WHERE e.id IN (SELECT event_id FROM _ledger_event_codes WHERE code = ?) OR e.parent_code = ?
     ORDER BY e.event_time, e.id`,
    [code, code],
  );
}

/** The codes an event names. */
export async function eventCodes(ctx: ChainContext, eventId: number): Promise<string[]> {
  return (
    await ctx.store.all<{ code: string }>(`SELECT code FROM _ledger_event_codes WHERE event_id = ? ORDER BY code`, [
      eventId,
    ])
  ).map((row) => row.code);
}

export async function bizTransactionsOf(ctx: ChainContext, eventId: number): Promise<BizTransaction[]> {
  return await ctx.store.all<BizTransaction>(
    `SELECT type, value FROM _ledger_biz_transactions WHERE event_id = ? ORDER BY type, value`,
    [eventId],
  );
}

export async function partiesOf(ctx: ChainContext, eventId: number): Promise<Party[]> {
  return await ctx.store.all<Party>(
    `SELECT direction, type, value FROM _ledger_parties WHERE event_id = ? ORDER BY direction, type, value`,
    [eventId],
  );
}
