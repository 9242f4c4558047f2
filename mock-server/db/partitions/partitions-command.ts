// What `npm run partitions` does, apart from where its database is: `ensure` makes the month
// partitions around the clock's month (run it monthly, as start-up also does), `detach <table>
// <YYYY-MM>` detaches an old month for archiving. Answers the lines to print; a command that cannot
// run (SQLite, an unknown table or month) throws a PartitionsCommandError that says why.
import type { AppContext } from "../../context";
import { ensureMonths, isPartitioned, monthlyTables } from "./growing-tables";
import { DetachRefusal, detachMonth } from "./month-partitions";
import { monthOf } from "./partition-ddl";

export class PartitionsCommandError extends Error {}

export const PARTITIONS_USAGE = "usage: npm run partitions -- ensure | detach <table> <YYYY-MM>";

export async function runPartitionsCommand(ctx: AppContext, args: readonly string[]): Promise<string[]> {
  if (ctx.store.engineName !== "postgres")
    throw new PartitionsCommandError("partitions are PostgreSQL's: this database is SQLite, whose tables are plain");
  const [command, table, month] = args;
  if (command === "ensure" && args.length === 1) {
    const report = await ensureMonths(ctx.store, ctx.catalog, ctx.clock());
    return Object.entries(report).map(
      ([name, { made, inDefault }]) =>
        `${name}: ${made.length ? `made ${made.join(", ")}` : "nothing to make"}` +
        (inDefault.length
          ? `; left in the default partition, which holds rows of theirs: ${inDefault.join(", ")}`
          : ""),
    );
  }
  if (command === "detach" && args.length === 3) {
    const tables = monthlyTables(ctx.catalog).map((entry) => entry.table);
    if (!tables.includes(table))
      throw new PartitionsCommandError(`"${table}" is not partitioned by month; these are: ${tables.join(", ")}`);
    if (!(await isPartitioned(ctx.store, table)))
      throw new PartitionsCommandError(`${table} was made before the partitioned layout: it has no months to detach`);
    try {
      const detached = await detachMonth(ctx.store, table, month, monthOf(ctx.clock()));
      return [`${table}: ${month} detached; its rows are in table ${detached} (dump it, then drop it)`];
    } catch (error) {
      if (error instanceof DetachRefusal) throw new PartitionsCommandError(error.message);
      throw error;
    }
  }
  throw new PartitionsCommandError(PARTITIONS_USAGE);
}
