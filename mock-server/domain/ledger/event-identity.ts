// Each ledger event's identity, made as it is appended: GS1's event hash of the event as the EPCIS
// interface gives it (domain/epcis/event-hash.ts), stored in _ledger_events.event_hash under a
// unique index, so an export or a query names it by the same eventID forever. The hash names what
// happened; the same thing recorded twice in one second would hash alike, so the second such
// row is told apart by its occurrence (2, 3, …), which its EPCIS form carries (tc:occurrence).
import type { ChainContext } from "../chain-context";
import { businessZone } from "../../time/business-zone";
import { epcisEventOf, type EventFacts, type EventRow } from "../epcis/epcis-event";
import { eventHash } from "../epcis/event-hash";
import { codeUris, loadEventFacts, workOrderLines } from "../epcis/event-facts";

/** More identical events than this in one second is a bug, not traffic. */
const MAX_OCCURRENCE = 1000;

export interface EventIdentity {
  readonly event_hash: string;
  /** Null for the first event with its hash. */
  readonly occurrence: number | null;
}

type Facts = Omit<EventFacts, "row" | "uriOf" | "zone" | "line">;

const identityAt = (facts: EventFacts, occurrence: number): EventIdentity => ({
  event_hash: eventHash(epcisEventOf({ ...facts, row: { ...facts.row, occurrence } })),
  occurrence: occurrence > 1 ? occurrence : null,
});

/**
 * Writes the event row through `insert` with its identity: the hash of occurrence 1, or, when a
 * row already holds that hash, of the next occurrence. `insert` writes nothing and answers
 * undefined when the hash is taken (INSERT … ON CONFLICT DO NOTHING, with no target: the id is
 * drawn, so the hash's unique index is the only one a new row can meet; on PostgreSQL that index is
 * (event_hash, event_time), which a target of (event_hash) would not name), so a taken hash, even
 * one a concurrent transaction just wrote, costs neither an error nor a savepoint.
 */
export async function insertIdentified(
  ctx: ChainContext,
  row: EventRow,
  facts: Facts,
  insert: (identity: EventIdentity) => Promise<number | undefined>,
): Promise<number> {
  const uriOf = await codeUris(ctx, [
    ...facts.codes,
    ...(row.parent_code ? [row.parent_code] : []),
    ...(row.related_code ? [row.related_code] : []),
  ]);
  const line = (await workOrderLines(ctx, [row.work_order_id])).get(row.work_order_id ?? -1);
  const full: EventFacts = { ...facts, row, uriOf, zone: await businessZone(ctx), ...(line ? { line } : {}) };
  for (let occurrence = 1; occurrence <= MAX_OCCURRENCE; occurrence += 1) {
    const id = await insert(identityAt(full, occurrence));
    if (id !== undefined) return id;
  }
  throw new Error(`ledger: more than ${MAX_OCCURRENCE} identical events at ${row.event_time}`);
}

const BACKFILL_CHUNK = 500;

/**
 * Gives every event appended before the ledger kept hashes its identity, oldest first, so the
 * occurrences count in ledger order. The ledger refuses updates; this fill is the one write that
 * sets a column on existing rows, so it lifts the update guard inside its own transaction and
 * puts it back before that commits (`guard`: the engine's DDL for the guard).
 */
export async function fillEventHashes(ctx: ChainContext, guard: { lift: string; restore: string }): Promise<number> {
  const missing = await ctx.store.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM _ledger_events WHERE event_hash IS NULL`,
  );
  if (!missing || Number(missing.n) === 0) return 0;
  const zone = await businessZone(ctx);
  let filled = 0;
  await ctx.store.transaction(async () => {
    await ctx.store.exec(guard.lift);
    for (let after = 0; ;) {
      const ids = (
        await ctx.store.all<{ id: number }>(
          `SELECT id FROM _ledger_events WHERE event_hash IS NULL AND id > ? ORDER BY id LIMIT ${BACKFILL_CHUNK}`,
          [after],
        )
      ).map((row) => Number(row.id));
      if (!ids.length) break;
      for (const facts of await loadEventFacts(ctx, ids, zone)) {
        for (let occurrence = 1; ; occurrence += 1) {
          const identity = identityAt(facts, occurrence);
          if (await ctx.store.get(`SELECT 1 AS taken FROM _ledger_events WHERE event_hash = ?`, [identity.event_hash]))
            continue;
          await ctx.store.run(`UPDATE _ledger_events SET event_hash = ?, occurrence = ? WHERE id = ?`, [
            identity.event_hash,
            identity.occurrence,
            facts.row.id,
          ]);
          break;
        }
        filled += 1;
      }
      after = ids[ids.length - 1]!;
    }
    await ctx.store.exec(guard.restore);
  });
  return filled;
}
