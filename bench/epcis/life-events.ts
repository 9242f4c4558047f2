// The synthetic ledger's events in time order, as the chain appends them (an event's id follows
// when it was recorded, so a time window's events sit side by side in the table and its indexes).
// Each trace code (in rowid order, the i-th of `total`) starts at LEDGER_START + i/total of
// LEDGER_SPAN_MS and lives through the kinds its status says it went through, each a fixed time
// after its start. One stream a kind walks the codes in order, so each stream's times only grow;
// merging the streams by time gives the whole ledger in time order.
import { CodeStatus, type EventKind } from "../../mock-server/domain/ledger/event-vocabulary";

/** When the ledger's synthetic history starts, and how long its codes keep starting. */
export const LEDGER_START = Date.parse("2025-01-01T00:00:00Z");
export const LEDGER_SPAN_MS = 330 * 24 * 3600 * 1000;
const HOUR = 3600 * 1000;

/** Hours after the code's start at which each kind happens. */
const OFFSET_HOURS: Readonly<Record<string, number>> = {
  issue: 0,
  activate: 24,
  pack: 25,
  handover: 26,
  void: 30,
  ship: 72,
  inspect: 24 * 30,
  return: 24 * 40,
};
const KINDS = Object.keys(OFFSET_HOURS) as EventKind[];

export interface CodeRow {
  readonly code: string;
  readonly status: string | null;
  readonly parent_code: string | null;
  readonly work_order_id: number | null;
  readonly batch_no: string | null;
  readonly waybill_id: number | null;
  readonly dealer_id: number | null;
}

export interface LifeEvent {
  readonly kind: EventKind;
  readonly at: number;
  readonly index: number;
  readonly row: CodeRow;
}

/** The kinds a code of `status` has been through (pack only for a code in a box). */
export function lifeOf(row: CodeRow, index: number): EventKind[] {
  const packed = row.parent_code ? (["pack"] as EventKind[]) : [];
  switch (row.status) {
    case CodeStatus.generated:
      return ["issue"];
    case CodeStatus.activated:
      return ["issue", "activate", "handover"];
    case CodeStatus.packed:
      return ["issue", "activate", ...packed, "handover"];
    case CodeStatus.voided:
      return ["issue", "activate", "void"];
    case CodeStatus.returned:
      return ["issue", "activate", ...packed, "handover", "ship", "return"];
    default:
      return [
        "issue",
        "activate",
        ...packed,
        "handover",
        "ship",
        ...(index % 3 === 0 ? (["inspect"] as EventKind[]) : []),
      ];
  }
}

/** Codes in rowid order, a chunk at a time: `read(after)` gives the rows after rowid `after`. */
export type CodeReader = (after: number) => (CodeRow & { rid: number })[];

/** One kind's events, code by code. */
function* kindStream(kind: EventKind, read: CodeReader, total: number): Generator<LifeEvent> {
  let index = 0;
  for (let after = 0; ;) {
    const rows = read(after);
    if (!rows.length) return;
    after = rows[rows.length - 1].rid;
    for (const row of rows) {
      if (lifeOf(row, index).includes(kind))
        yield {
          kind,
          row,
          index,
          at: LEDGER_START + Math.floor((index / total) * LEDGER_SPAN_MS) + OFFSET_HOURS[kind] * HOUR,
        };
      index += 1;
    }
  }
}

/** Every code's life events, merged in time order (ties in the order of KINDS). */
export function* lifeEvents(read: CodeReader, total: number): Generator<LifeEvent> {
  const streams = KINDS.map((kind) => kindStream(kind, read, total));
  const heads = streams.map((stream) => stream.next());
  for (;;) {
    let next = -1;
    for (let s = 0; s < heads.length; s += 1)
      if (!heads[s].done && (next < 0 || (heads[s].value as LifeEvent).at < (heads[next].value as LifeEvent).at))
        next = s;
    if (next < 0) return;
    yield heads[next].value as LifeEvent;
    heads[next] = streams[next].next();
  }
}
