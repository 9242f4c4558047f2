// manifest x-stamp and action stamp: the server, not the client, writes who did something and when.
// `now` is the app clock (ctx.records.now(), so tests can fix it); `account` is the caller's
// account_name — the unique login name, so an operator column in a trace log names exactly one
// account (real_name is neither unique nor fixed). Stamped columns are readOnly, so the create and
// update schemas already refuse a client's value for them.
import type { ContractAction } from "../../schema/contract/server-contract";
import type { StampKind } from "../../schema/contract/vocabulary";
import type { OrgResources } from "../org/org-resources";
import type { ResourceInfo } from "./catalog";
import type { Row } from "./row-codec";

/** Whom a write is made for. */
export interface Actor {
  /** account_name of the signed-in caller; null when nobody is (the seed, a public call). */
  readonly account: string | null;
}

export const NO_ACTOR: Actor = { account: null };

/**
 * What naming the caller takes: where the accounts are, and a way to read one row. The app's
 * context (context.ts) is one; this module sits below it, so it names only what it reads.
 */
export interface AccountReader {
  readonly org: Pick<OrgResources, "accounts" | "accountName">;
  readonly records: { row(info: ResourceInfo, id: number): Promise<Row | undefined> };
}

/** A request as far as naming its caller goes: its session, which the access hook (auth/access.ts) sets. */
export interface SignedRequest {
  readonly auth?: { readonly accountId: number };
}

export async function actorOf(ctx: AccountReader, request: SignedRequest): Promise<Actor> {
  const { accounts, accountName } = ctx.org;
  const id = request.auth?.accountId;
  if (!accounts || !accountName || id === undefined) return NO_ACTOR;
  const value = (await ctx.records.row(accounts, id))?.[accountName.name];
  return { account: typeof value === "string" ? value : null };
}

const valueOf = (kind: StampKind, now: string, actor: Actor): string | null => (kind === "now" ? now : actor.account);

/**
 * The x-stamp columns of a create that `values` leaves empty. A value already there came from the
 * server's own code (a domain handler, the seed), never from a client, and is kept.
 */
export function createStamps(info: ResourceInfo, values: Row, now: string, actor: Actor): Row {
  const stamps: Row = {};
  for (const column of info.stored) {
    if (column.stamp && (values[column.name] ?? null) === null) stamps[column.name] = valueOf(column.stamp, now, actor);
  }
  return stamps;
}

/** What an action's stamp writes, beside its set. */
export function actionStamps(action: ContractAction, now: string, actor: Actor): Row {
  return Object.fromEntries(
    Object.entries(action.stamp ?? {}).map(([name, kind]) => [name, valueOf(kind, now, actor)]),
  );
}
