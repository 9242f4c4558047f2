// Subscriptions to named queries (EPCIS 2.0 REST binding, /queries/{name}/subscriptions): a
// partner's webhook to which each new ledger event the query matches is pushed (the deliverer,
// mock-server/epcis/subscription-deliverer.ts). Only the account that made the query, or an
// administrator, makes, reads and deletes its subscriptions: a subscription pushes the query's
// events to an address outside, so it is the query owner's decision, and deleting the query
// deletes them (named-queries.ts). A new subscription starts at the ledger's end: it delivers
// events recorded after it, not the history (that is a query's job).
// The shared secret is kept to sign deliveries and never given back.
import { randomUUID } from "node:crypto";
import { message } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { EpcisProblem, noSuchResource } from "../epcis-problem";
import { subscriptionRequestOf } from "./subscription-body";

export interface Caller {
  readonly accountId: number;
  readonly admin: boolean;
}

/** A subscription as GET gives it: what was asked for and how delivery stands. */
export interface SubscriptionView {
  readonly subscriptionID: string;
  readonly queryName: string;
  readonly dest: string;
  readonly stream: true;
  readonly reportIfEmpty: boolean;
  readonly createdAt: string;
  readonly delivery: {
    /** paused: held by its owner; failing: the last try failed; active otherwise. */
    readonly state: SubscriptionState;
    readonly pausedAt: string | null;
    /** Events delivered and acknowledged so far. */
    readonly deliveredEvents: number;
    /** The last ledger row delivered or passed over (the cursor). */
    readonly cursor: number;
    readonly lastSuccessAt: string | null;
    readonly lastError: string | null;
    readonly lastErrorAt: string | null;
    /** Failed tries since the last success. */
    readonly attempts: number;
    readonly nextTryAt: string;
  };
}

export type SubscriptionState = "active" | "failing" | "paused";

export interface SubscriptionRow {
  readonly id: string;
  readonly query_name: string;
  readonly dest: string;
  readonly signature_token: string;
  readonly report_if_empty: number;
  readonly account_id: number;
  readonly created_at: string;
  readonly cursor_id: number;
  readonly attempts: number;
  readonly next_try_at: number;
  readonly last_success_at: string | null;
  readonly last_error: string | null;
  readonly last_error_at: string | null;
  readonly delivered_events: number;
  readonly paused_at: string | null;
}

export const SUBSCRIPTION_COLUMNS = `id, query_name, dest, signature_token, report_if_empty, account_id, created_at, cursor_id,
  attempts, next_try_at, last_success_at, last_error, last_error_at, delivered_events, paused_at`;

const stateOf = (row: SubscriptionRow): SubscriptionState =>
  row.paused_at !== null ? "paused" : Number(row.attempts) > 0 ? "failing" : "active";

export function viewOf(row: SubscriptionRow): SubscriptionView {
  return {
    subscriptionID: row.id,
    queryName: row.query_name,
    dest: row.dest,
    stream: true,
    reportIfEmpty: Boolean(Number(row.report_if_empty)),
    createdAt: row.created_at,
    delivery: {
      state: stateOf(row),
      pausedAt: row.paused_at,
      deliveredEvents: Number(row.delivered_events),
      cursor: Number(row.cursor_id),
      lastSuccessAt: row.last_success_at,
      lastError: row.last_error,
      lastErrorAt: row.last_error_at,
      attempts: Number(row.attempts),
      nextTryAt: new Date(Number(row.next_try_at)).toISOString(),
    },
  };
}

/** The named query, checked to be the caller's to manage; `lock` (store.forUpdate()) holds its row. */
async function ownQuery(ctx: ChainContext, name: string, caller: Caller, lock = ""): Promise<void> {
  const query = await ctx.store.get<{ account_id: number }>(
    `SELECT account_id FROM _epcis_named_queries WHERE name = ?${lock}`,
    [name],
  );
  if (!query) throw noSuchResource(message("epcisCapture.noQuery", { name }));
  if (!caller.admin && Number(query.account_id) !== caller.accountId)
    throw new EpcisProblem("SecurityException", message("epcisSubscription.notYourQuery", { name }));
}

export async function createSubscription(
  ctx: ChainContext,
  name: string,
  caller: Caller,
  body: unknown,
): Promise<SubscriptionView> {
  return await ctx.store.transaction(async () => {
    // The query's row is held until the subscription is in: a delete of the query (which takes its
    // subscriptions along) waits for it, or has already gone and this finds no query.
    await ownQuery(ctx, name, caller, ctx.store.forUpdate());
    return await insertSubscription(ctx, name, caller, body);
  });
}

async function insertSubscription(
  ctx: ChainContext,
  name: string,
  caller: Caller,
  body: unknown,
): Promise<SubscriptionView> {
  const request = subscriptionRequestOf(body);
  const id = randomUUID();
  await ctx.store.run(
    `INSERT INTO _epcis_subscriptions (id, query_name, dest, signature_token, report_if_empty, account_id, created_at,
       cursor_id, attempts, next_try_at, delivered_events)
     VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(id), 0) FROM _ledger_events), 0, ?, 0)`,
    [
      id,
      name,
      request.dest,
      request.signatureToken,
      request.reportIfEmpty ? 1 : 0,
      caller.accountId,
      ctx.records.now(),
      ctx.clock(),
    ],
  );
  return await subscription(ctx, name, id, caller);
}

export async function subscription(
  ctx: ChainContext,
  name: string,
  id: string,
  caller: Caller,
): Promise<SubscriptionView> {
  await ownQuery(ctx, name, caller);
  const row = await ctx.store.get<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM _epcis_subscriptions WHERE query_name = ? AND id = ?`,
    [name, id],
  );
  if (!row) throw noSuchResource(message("epcisSubscription.noSubscription", { name, id }));
  return viewOf(row);
}

/** The query's subscriptions, oldest first. */
export async function subscriptionsOf(ctx: ChainContext, name: string, caller: Caller): Promise<SubscriptionView[]> {
  await ownQuery(ctx, name, caller);
  const rows = await ctx.store.all<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM _epcis_subscriptions WHERE query_name = ? ORDER BY created_at, id`,
    [name],
  );
  return rows.map(viewOf);
}

/** Deletes the subscription: no delivery starts after this (one under way finds it gone and stores nothing). */
export async function deleteSubscription(ctx: ChainContext, name: string, id: string, caller: Caller): Promise<void> {
  await ownQuery(ctx, name, caller);
  const { changes } = await ctx.store.run(`DELETE FROM _epcis_subscriptions WHERE query_name = ? AND id = ?`, [
    name,
    id,
  ]);
  if (!changes) throw noSuchResource(message("epcisSubscription.noSubscription", { name, id }));
}

/** Deletes every subscription to the query (its query is being deleted, in the same transaction). */
export async function deleteSubscriptionsOf(ctx: ChainContext, name: string): Promise<void> {
  await ctx.store.run(`DELETE FROM _epcis_subscriptions WHERE query_name = ?`, [name]);
}

/**
 * Pauses or resumes the subscription. A paused one is not delivered and keeps its cursor; resumed,
 * it is due at once and delivers what the query matched meanwhile. Pausing twice keeps the first time.
 */
export async function setSubscriptionPaused(
  ctx: ChainContext,
  name: string,
  id: string,
  caller: Caller,
  paused: boolean,
): Promise<SubscriptionView> {
  await ownQuery(ctx, name, caller);
  const { changes } = paused
    ? await ctx.store.run(
        `UPDATE _epcis_subscriptions SET paused_at = COALESCE(paused_at, ?) WHERE query_name = ? AND id = ?`,
        [ctx.records.now(), name, id],
      )
    : await ctx.store.run(
        `UPDATE _epcis_subscriptions SET paused_at = NULL, next_try_at = ? WHERE query_name = ? AND id = ?`,
        [ctx.clock(), name, id],
      );
  if (!changes) throw noSuchResource(message("epcisSubscription.noSubscription", { name, id }));
  return await subscription(ctx, name, id, caller);
}
