// The enterprise's business time zone (enterprise.time_zone, an IANA name), read wherever a day is
// counted; business-zone-hook.ts checks it where it is written.
import type { Store } from "../db/store";
import type { Catalog } from "../resources/catalog";
import { quoteIdent } from "../db/sql-names";
import { DEFAULT_BUSINESS_ZONE, isBusinessZone } from "./business-day";
import { useBusinessCalendar } from "./business-calendar";
import { keyCalendarInByteOrder } from "./calendar-collation";

export const ENTERPRISE = "enterprise";
export const TIME_ZONE_FIELD = "time_zone";

/** The stored zone, or the default while none is (no enterprise yet, an older database). */
export async function readBusinessZone(store: Store, catalog: Catalog): Promise<string> {
  const info = catalog.find(ENTERPRISE);
  if (!info?.byName.has(TIME_ZONE_FIELD)) return DEFAULT_BUSINESS_ZONE;
  const row = await store.get<{ zone: string | null }>(
    `SELECT ${quoteIdent(TIME_ZONE_FIELD)} AS zone FROM ${quoteIdent(info.table)} ORDER BY "id" LIMIT 1`,
  );
  return row?.zone && isBusinessZone(row.zone) ? row.zone : DEFAULT_BUSINESS_ZONE;
}

export const businessZone = async (ctx: { readonly store: Store; readonly catalog: Catalog }): Promise<string> =>
  await readBusinessZone(ctx.store, ctx.catalog);

/** The calendar of the stored zone, keyed as the ledger's times compare; at start, before any read. */
export async function prepareBusinessCalendar(store: Store, catalog: Catalog): Promise<void> {
  await keyCalendarInByteOrder(store);
  await useBusinessCalendar(store, await readBusinessZone(store, catalog));
}

/**
 * After the seed: an enterprise whose stored zone this runtime does not know (an older database's
 * NULL, a zone name a newer runtime knew) gets the default, so the form shows the
 * zone every day is counted in; then the calendar is that zone's.
 */
export async function settleBusinessZone(store: Store, catalog: Catalog): Promise<void> {
  const info = catalog.find(ENTERPRISE);
  if (info?.byName.has(TIME_ZONE_FIELD)) {
    const [table, column] = [quoteIdent(info.table), quoteIdent(TIME_ZONE_FIELD)];
    const rows = await store.all<{ id: number; zone: string | null }>(
      `SELECT "id" AS id, ${column} AS zone FROM ${table}`,
    );
    const unknown = rows.filter((row) => !isBusinessZone(row.zone));
    for (const row of unknown)
      await store.run(`UPDATE ${table} SET ${column} = ? WHERE "id" = ?`, [DEFAULT_BUSINESS_ZONE, row.id]);
    if (unknown.length) store.bump(info.table);
  }
  await prepareBusinessCalendar(store, catalog);
}
