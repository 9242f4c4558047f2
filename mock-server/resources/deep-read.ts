// Which list reads leave the event loop. A page at OFFSET n walks n index entries before its rows:
// at 1,000,000 rows (bench/.work measurement on the bench host) OFFSET 5,000 took 0.11 ms, 20,000
// 0.40 ms, 100,000 4.9 ms and 900,000 90 ms, while a read sent to the pool and answered took
// 0.17 ms once its worker was warm. Past DEEP_OFFSET the walk costs more than the hop, and grows
// with the table, so those pages go to the pool; the first pages, the ones nearly every call asks
// for, stay inline. Without a pool (an in-memory database) every read is inline.
import type { Store } from "../db/store";

/** Rows skipped from which a page is read on the pool: where the walk costs about what the hop does. */
export const DEEP_OFFSET = 10_000;

export const isDeep = (store: Store, offset: number): boolean => store.pool !== undefined && offset >= DEEP_OFFSET;
