// Two one-row writes that always go together (a public scan's count on its code and the scan's own
// record), each a rowWrite so cached totals and watchers stay exact, sent as one statement where
// the engine answers over the network: on PostgreSQL a data-modifying WITH, one round trip where
// two were; on SQLite, in process, the two statements as they are.
import type { Params } from "./sql-params";
import type { Store } from "./store";

/** A one-row INSERT with its values bound, of a row the server builds itself (Records.ownInsert). */
export interface OwnInsert {
  readonly table: string;
  readonly sql: string;
  readonly params: Params;
}

/** A one-row UPDATE of row `id` of `table`, with its values bound. */
export interface RowUpdate {
  readonly table: string;
  readonly id: number;
  readonly sql: string;
  readonly params: Params;
}

/** Runs `update`, then `insert`, in the transaction the call is in; answers the inserted row's id. */
export async function updateThenInsert(store: Store, update: RowUpdate, insert: OwnInsert): Promise<number> {
  let inserted: number | undefined;
  await store.rowWrite(update.table, update.id, async () => {
    inserted = await store.rowWrite(insert.table, undefined, async () => {
      if (store.engineName === "sqlite") {
        await store.run(update.sql, update.params);
        return await store.insert(insert.sql, insert.params);
      }
      // Both see the snapshot the statement starts from; they write different tables, so neither misses the other.
      return await store.insert(`WITH "updated" AS (${update.sql}) ${insert.sql}`, [
        ...update.params,
        ...insert.params,
      ]);
    });
    return update.id;
  });
  return inserted!;
}
