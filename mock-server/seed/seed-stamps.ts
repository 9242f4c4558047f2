// Seeded values of stamped columns (manifest x-stamp and action stamp), so seeded history reads
// like the console's own: an account stamp names a seeded account, a create stamp is the moment
// the row was made (its created_at), and an action stamp is there only on rows the action could
// have left (its `set` matches; without a set, the row no longer fits its `when`), never before
// the row was made.
import type { ContractAction, ContractColumn } from "../../schema/contract/server-contract";
import type { StampKind } from "../../schema/contract/vocabulary";
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import type { ResourceInfo } from "../resources/catalog";
import { Prng, seedOf } from "./prng";

interface StampedColumn {
  readonly column: ContractColumn;
  readonly kind: StampKind;
  /** Stamped by actions only: the actions that write it. */
  readonly actions?: readonly ContractAction[];
}

export interface StampSeed {
  readonly columns: readonly StampedColumn[];
  /** account_name of every account seeded so far. */
  readonly accounts: readonly string[];
  /** Its own sequence, so the row's other values stay as they were before stamps existed. */
  readonly rng: Prng;
}

function stampedColumns(info: ResourceInfo): StampedColumn[] {
  return info.stored.flatMap((column): StampedColumn[] => {
    if (column.stamp) return [{ column, kind: column.stamp }];
    const actions = info.resource.actions.filter((action) => action.stamp?.[column.name]);
    return actions.length ? [{ column, kind: actions[0].stamp![column.name], actions }] : [];
  });
}

/** Whether a resource needs the accounts seeded first. */
export const stampsAccounts = (info: ResourceInfo): boolean =>
  stampedColumns(info).some((stamped) => stamped.kind === "account");

export async function stampSeed(ctx: AppContext, info: ResourceInfo): Promise<StampSeed | undefined> {
  const columns = stampedColumns(info);
  if (columns.length === 0) return undefined;
  const { accounts, accountName } = ctx.org;
  const names =
    accounts && accountName
      ? (
          await ctx.store.all<{ name: unknown }>(
            `SELECT ${quoteIdent(accountName.name)} AS name FROM ${quoteIdent(accounts.table)} ORDER BY "id"`,
          )
        )
          .map((row) => row.name)
          .filter((name): name is string => typeof name === "string")
      : [];
  return { columns, accounts: names, rng: new Prng(seedOf(`${info.table}:stamps`)) };
}

const matches = (values: Readonly<Record<string, unknown>>, row: Record<string, unknown>): boolean =>
  Object.entries(values).every(([name, value]) =>
    Array.isArray(value) ? value.includes(row[name]) : row[name] === value,
  );

/**
 * A row one of the actions could have left: its `set` matches. An action without `set` (a handler
 * moves the row on, as generate-codes does) has run on rows that no longer fit its `when`.
 */
const couldHaveRun = (actions: readonly ContractAction[], row: Record<string, unknown>): boolean =>
  actions.some((action) => (action.set ? matches(action.set, row) : !action.when || !matches(action.when, row)));

/** Rewrites the stamped columns of a row whose other values are chosen (created_at included). */
export function applyStampSeed(seed: StampSeed, row: Record<string, unknown>): void {
  for (const { column, kind, actions } of seed.columns) {
    const name = column.name;
    if (actions && !couldHaveRun(actions, row)) {
      row[name] = null;
      continue;
    }
    if (kind === "account") {
      // No accounts (a contract without them): the column keeps its demo person name.
      if (seed.accounts.length) row[name] = seed.rng.pick(seed.accounts);
      continue;
    }
    const created = typeof row.created_at === "string" ? row.created_at : undefined;
    if (!actions) row[name] = created ?? row[name];
    else if (created && typeof row[name] === "string" && row[name] < created) {
      // The action ran after the row was made: swap, so both stay among the seeded past times.
      [row.created_at, row[name]] = [row[name], created];
    }
    if (typeof row[name] === "string" && typeof row.updated_at === "string" && row[name] > row.updated_at)
      row.updated_at = row[name];
  }
}
