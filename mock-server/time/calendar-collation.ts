// On PostgreSQL the business calendar's starts are compared with the ledger's event times in byte
// order (dialect.instantText, COLLATE "C"). A calendar made before keyed them in the database's
// collation, and an index serves only comparisons in its column's own collation: compared with the
// partitioned layout's "C" event times, each event's day walked the calendar row by row (the
// production report's view took minutes). At start such a key is made "C", which rebuilds its index;
// the views that read the calendar are dropped first (PostgreSQL alters no column a view reads) and
// made again by createProjectionViews at the same start. A calendar keyed "C" is left alone.
import { dropReadingViews } from "../db/reading-views";
import type { Store } from "../db/store";
import { CALENDAR_TABLE } from "./business-calendar";

/** The collation the calendar's key is compared in, or undefined before the calendar exists (PostgreSQL only). */
export async function calendarKeyCollation(store: Store): Promise<string | undefined> {
  const row = await store.get<{ collation: string }>(
    `SELECT co.collname AS collation FROM pg_attribute a JOIN pg_collation co ON co.oid = a.attcollation
      WHERE a.attrelid = to_regclass(?) AND a.attname = 'starts_at'`,
    [CALENDAR_TABLE],
  );
  return row?.collation;
}

/** Makes the calendar's key "C" where it is not; answers whether it changed it. Nothing on SQLite. */
export async function keyCalendarInByteOrder(store: Store): Promise<boolean> {
  if (store.engineName !== "postgres") return false;
  const collation = await calendarKeyCollation(store);
  if (collation === undefined || collation === "C") return false;
  await store.transaction(async () => {
    await dropReadingViews(store, [CALENDAR_TABLE]);
    await store.exec(`ALTER TABLE ${CALENDAR_TABLE} ALTER COLUMN starts_at TYPE ${store.engine.dialect.instantText}`);
    await store.exec(`ANALYZE ${CALENDAR_TABLE}`);
  });
  return true;
}
