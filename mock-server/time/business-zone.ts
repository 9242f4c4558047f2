// The enterprise's business time zone (enterprise.time_zone, an IANA name), read wherever a day is
// counted; business-zone-hook.ts checks it where it is written.
import type { Store } from "../db/store";
import type { Catalog } from "../resources/catalog";
import { quoteIdent } from "../db/sql-names";
import { DEFAULT_BUSINESS_ZONE, isBusinessZone } from "./business-day";
import { useBusinessCalendar } from "./business-calendar";

export const ENTERPRISE = "enterprise";
export const TIME_ZONE_FIELD = "time_zone";

/** The stored zone, or the default while none is (no enterprise yet, an older database). */
export function readBusinessZone(store: Store, catalog: Catalog): string {
  const info = catalog.find(ENTERPRISE);
  if (!info?.byName.has(TIME_ZONE_FIELD)) return DEFAULT_BUSINESS_ZONE;
  const row = store.get<{ zone: string | null }>(
    `SELECT ${quoteIdent(TIME_ZONE_FIELD)} AS zone FROM ${quoteIdent(info.table)} ORDER BY "id" LIMIT 1`,
  );
  return row?.zone && isBusinessZone(row.zone) ? row.zone : DEFAULT_BUSINESS_ZONE;
}

export const businessZone = (ctx: { readonly store: Store; readonly catalog: Catalog }): string =>
  readBusinessZone(ctx.store, ctx.catalog);

/** The calendar of the stored zone; at start, before any read. */
export const prepareBusinessCalendar = (store: Store, catalog: Catalog): void =>
  useBusinessCalendar(store, readBusinessZone(store, catalog));
