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
import type { CodeStatusValue, EventKind } from "./event-vocabulary";
import { allowsMove, fromStatesInto, NEW_CODE, retractedFromStatesInto, type FromState } from "./transition-table";
import { declareInError } from "./error-declarations";
import { appendEvent, chunks, CHUNK } from "./append-event";
import type { BizTransaction, IssuingEvent, LedgerEvent, Party } from "./ledger-event";

export const TRACE_CODES = "trace_codes";

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

/**
 * The last guard: every code exists and is in one of `from`, the states the transition table
 * (transition-table.ts) lets a `kind` event (or its retraction) move it from. Rules refuse earlier,
 * with reasons.
 */
async function assertMoves(
  ctx: ChainContext,
  info: ResourceInfo,
  kind: EventKind,
  codes: readonly string[],
  from: readonly FromState[],
): Promise<void> {
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

/**
 * Appends an observation (an inspection) that changes no code's state, if the transition table lets
 * its kind leave each of its codes where it is.
 */
export async function observeEvent(ctx: ChainContext, event: LedgerEvent): Promise<number> {
  const info = traceCodes(ctx);
  return await ctx.store.transaction(async () => {
    await assertMoves(ctx, info, event.kind, event.codes, fromStatesInto(event.kind, undefined));
    return await appendEvent(ctx, event);
  });
}

/**
 * Appends `event` and sets `state` on each of its codes, in one transaction (a savepoint when the
 * caller is already in one), if the transition table allows each code's move.
 */
export async function recordEvent(ctx: ChainContext, event: LedgerEvent, state: CodeState): Promise<number> {
  const info = traceCodes(ctx);
  return await ctx.store.transaction(async () => {
    await assertMoves(ctx, info, event.kind, event.codes, fromStatesInto(event.kind, statusOf(state)));
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
    for (const change of changes)
      await assertMoves(ctx, info, event.kind, change.codes, fromStatesInto(event.kind, statusOf(change.state)));
    const id = await appendEvent(ctx, event);
    for (const change of changes) if (change.codes.length) await writeState(ctx, info, change.codes, change.state);
    return id;
  });
}

/**
 * Declares `event` in error (EPCIS 2.0 §7.4.1.4, error-declarations.ts) and writes each of
 * `changes` (the codes it moved, back where it found them), in one transaction, if the transition
 * table's retraction of its kind (RETRACTIONS) has each move. The event itself stays: the ledger
 * is append-only, and a replay that leaves declared events out gives the state written here.
 */
export async function retractEvent(
  ctx: ChainContext,
  event: { readonly id: number; readonly kind: EventKind },
  reason: string,
  operator: string | null,
  changes: readonly StateChange[],
): Promise<void> {
  const info = traceCodes(ctx);
  await ctx.store.transaction(async () => {
    for (const change of changes)
      await assertMoves(
        ctx,
        info,
        event.kind,
        change.codes,
        retractedFromStatesInto(event.kind, statusOf(change.state)),
      );
    await declareInError(ctx, event.id, reason, operator);
    for (const change of changes) if (change.codes.length) await writeState(ctx, info, change.codes, change.state);
  });
}

/**
 * Issues new codes (generation, import): inserts their trace_codes rows with `values` and appends
 * the issue/import event naming them. `draw` makes one candidate code; a chunk that meets an
 * existing code (unique index) is drawn again, so codes stay unique across everything issued.
 */
export async function issueCodes(
  ctx: ChainContext,
  event: IssuingEvent,
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
