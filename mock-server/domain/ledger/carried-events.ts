// The events that moved a code inside a package (码查询's timeline): a shipping, a void_shipping, a
// return, a restock or a handover names the outermost package only (a pallet: its SSCC), yet every
// code inside moved with it. A code's packages at each moment come from the ledger's own pack and
// unpack events, so an item unpacked before its old box shipped is not said to have shipped with it.
import { placeholders } from "../../db/sql-params";
import type { ChainContext } from "../chain-context";
import { LINK_KINDS, type EventKind } from "./event-vocabulary";
import { EVENT_COLUMNS, timeline, type StoredEvent } from "./ledger";

/** Events that move a package and everything in it. */
const CARRYING_KINDS: readonly EventKind[] = ["ship", "void_shipping", "return", "restock", "handover"];
const MAX_DEPTH = 8;

export interface Stay {
  readonly code: string;
  /** Ledger ids between which the code sat in this package: [from, to). */
  readonly from: number;
  readonly to: number;
}

/** The packages `code` sat in, at any depth, each with the span of ledger ids it sat there. */
export async function staysOf(
  ctx: ChainContext,
  code: string,
  from = 0,
  to = Number.MAX_SAFE_INTEGER,
  depth = 0,
): Promise<Stay[]> {
  if (depth >= MAX_DEPTH) return [];
  const links = await ctx.store.all<{ id: number; kind: string; parent_code: string | null }>(
    `SELECT e.id AS id, e.kind AS kind, e.parent_code AS parent_code FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
     WHERE c.code = ? AND e.kind IN (${placeholders(LINK_KINDS.length)}) ORDER BY e.id`,
    [code, ...LINK_KINDS],
  );
  const stays: Stay[] = [];
  for (const [index, link] of links.entries()) {
    if (link.kind !== "pack" || !link.parent_code) continue;
    const start = Math.max(link.id, from);
    const end = Math.min(links[index + 1]?.id ?? Number.MAX_SAFE_INTEGER, to);
    if (start >= end) continue;
    stays.push({ code: link.parent_code, from: start, to: end });
    stays.push(...(await staysOf(ctx, link.parent_code, start, end, depth + 1)));
  }
  return stays;
}

/** The carrying events of the packages `code` sat in, while it sat there, each with the package (`via`). */
async function carriedEvents(ctx: ChainContext, code: string): Promise<(StoredEvent & { via: string })[]> {
  const carried: (StoredEvent & { via: string })[] = [];
  for (const stay of await staysOf(ctx, code)) {
    const events = await ctx.store.all<StoredEvent>(
      `SELECT ${EVENT_COLUMNS} FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
       WHERE c.code = ? AND e.kind IN (${placeholders(CARRYING_KINDS.length)}) AND e.id >= ? AND e.id < ? ORDER BY e.id`,
      [stay.code, ...CARRYING_KINDS, stay.from, stay.to],
    );
    for (const event of events) carried.push({ ...event, via: stay.code });
  }
  return carried;
}

/** A code's history (流转记录), oldest first: its own events, and those that carried it inside a package (`via` that package). */
export async function timelineWithCarried(
  ctx: ChainContext,
  code: string,
): Promise<(StoredEvent & { via: string | null })[]> {
  const own = (await timeline(ctx, code)).map((event) => ({ ...event, via: null }));
  const seen = new Set(own.map((event) => event.id));
  const carried = (await carriedEvents(ctx, code)).filter(
    (event) => !seen.has(event.id) && Boolean(seen.add(event.id)),
  );
  return [...own, ...carried].sort((a, b) => a.event_time.localeCompare(b.event_time) || a.id - b.id);
}
