// On PostgreSQL the demo seed runs the chain's rules on an in-memory SQLite database prepared as the
// server prepares its own (same contract, options, tables and write hooks), and copies what they
// wrote in multi-row INSERTs. The rules pack, ship and scan one code at a time, some 25 statements
// for each item packed: 90 days of history are about 410,000 statements, a function call each on
// SQLite but a round trip each on PostgreSQL (16 minutes on a loaded 2-core machine, against
// seconds for the copy). The rules are the same code on either engine, so PostgreSQL receives the
// rows its own seed would write, and both engines hold the same demo for the same anchor and clock.
// What is copied: every table the seed filled that was empty before it. A seed only adds rows to
// empty tables (the migration's menus and calendar stay as they were); its mark in _meta is written
// by seed-database.ts on the target itself.
import { createContext, type AppContext } from "../context";
import { tableColumns, tableNames } from "../db/schema-catalog";
import { quoteIdent } from "../db/sql-names";
import { placeholders } from "../db/sql-params";
import type { Row } from "../resources/row-codec";

/** Values bound by one INSERT: within SQLite's 32,766 and PostgreSQL's 65,535. */
const VALUES_PER_STATEMENT = 32_766;

/** Makes a fresh context ready to be seeded as the caller's own is: tables, then write hooks. */
export type PrepareScratch = (scratch: AppContext) => Promise<void>;

/** Runs `seed` on a prepared in-memory SQLite context, then copies what it wrote into `ctx`'s database. */
export async function seedByCopy<T>(
  ctx: AppContext,
  prepare: PrepareScratch,
  seed: (scratch: AppContext) => Promise<T>,
): Promise<T> {
  const scratch = createContext({ ...ctx.options, dbFile: ":memory:" });
  try {
    await prepare(scratch);
    const targets = await emptyTables(ctx);
    const result = await seed(scratch);
    await copyTables(scratch, ctx, targets);
    return result;
  } finally {
    await scratch.store.close();
  }
}

async function emptyTables(ctx: AppContext): Promise<string[]> {
  const empty: string[] = [];
  for (const table of await tableNames(ctx.store))
    if (!(await ctx.store.get(`SELECT 1 AS found FROM ${quoteIdent(table)} LIMIT 1`))) empty.push(table);
  return empty;
}

/**
 * Copies the scratch's rows of `tables` in one transaction. A table whose rows reference another's
 * (the ledger's event codes name their event) fails its foreign key until the other is in: it is
 * taken again after the rest, until a round copies nothing new.
 */
async function copyTables(from: AppContext, to: AppContext, tables: readonly string[]): Promise<void> {
  await to.store.transaction(async () => {
    let pending = [...tables];
    while (pending.length) {
      const failed: { table: string; error: unknown }[] = [];
      for (const table of pending) {
        try {
          // A savepoint: the failed table's statements are undone, the transaction goes on.
          await to.store.transaction(() => copyTable(from, to, table));
        } catch (error) {
          failed.push({ table, error });
        }
      }
      if (failed.length === pending.length) throw failed[0].error;
      pending = failed.map((entry) => entry.table);
    }
  });
}

async function copyTable(from: AppContext, to: AppContext, table: string): Promise<void> {
  const quoted = quoteIdent(table);
  const rows = await from.store.all<Row>(`SELECT * FROM ${quoted}`);
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  const perStatement = Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns.length));
  const head = `INSERT INTO ${quoted} (${columns.map(quoteIdent).join(", ")}) VALUES `;
  const rowSlots = `(${placeholders(columns.length)})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    await to.store.run(
      head + Array(chunk.length).fill(rowSlots).join(", "),
      chunk.flatMap((row) => columns.map((column) => row[column] as never)),
    );
  }
  const identity = (await tableColumns(to.store, table)).has("id")
    ? to.store.engine.dialect.identityAfterCopy(quoted)
    : undefined;
  if (identity) await to.store.get(identity);
  to.store.bump(table, rows.length);
}
