// Named queries (EPCIS 2.0 REST binding, /queries): an event query's parameters kept under a name,
// so a partner asks for "its" events again and again, page by page, as /epcis/events gives them.
// A query is checked as /epcis/events checks one (query-parameters.ts) when it is made, and the
// paging parameters (perPage, nextPageToken) belong to each call of its events, not to the query.
// Names are shared by every account that may query; the account that made a query, or an
// administrator, deletes it, and its subscriptions with it. Stored in _epcis_named_queries, the
// parameters as JSON.
import { message } from "../../../schema/contract/messages";
import type { ChainContext } from "../chain-context";
import type { QueryScope } from "./dealer-scope";
import type { Store } from "../../db/store";
import { discoveryPage } from "./discovery";
import { EpcisProblem, badParameter, noSuchResource } from "./epcis-problem";
import { queryEvents, type Answer } from "./query-documents";
import { parseEventQuery, refuseUnknown, type RawQuery } from "./query-parameters";
import { deleteSubscriptionsOf } from "./subscriptions/subscriptions";

const DDL = `
CREATE TABLE IF NOT EXISTS _epcis_named_queries (
  name TEXT PRIMARY KEY,
  query TEXT NOT NULL,
  account_id INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
`;
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const PAGING = ["perPage", "nextPageToken"];

export type QueryParameters = Readonly<Record<string, string | readonly string[]>>;

export interface NamedQuery {
  readonly name: string;
  readonly query: QueryParameters;
}

export async function createNamedQueryTable(store: Store): Promise<void> {
  await store.exec(DDL);
}

function checkedName(name: unknown): string {
  if (typeof name !== "string" || !NAME.test(name))
    throw badParameter(message("epcisCapture.badQueryName", { value: typeof name === "string" ? name : String(name) }));
  return name;
}

/** The body's name and parameters, checked as /epcis/events checks its query string. */
function namedQueryOf(body: unknown): NamedQuery {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badParameter(message("epcisCapture.badQueryBody"));
  const { name, query, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw badParameter(message("epcis.unknownParameter", { name: unknown }));
  if (typeof query !== "object" || query === null || Array.isArray(query))
    throw badParameter(message("epcisCapture.badQueryBody"));
  const parameters: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (PAGING.includes(key)) throw badParameter(message("epcis.unknownParameter", { name: key }));
    const valid =
      typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"));
    if (!valid) throw badParameter(message("epcisCapture.badQueryValue", { name: key }));
    parameters[key] = value;
  }
  parseEventQuery(parameters);
  return { name: checkedName(name), query: parameters };
}

export async function createNamedQuery(ctx: ChainContext, accountId: number, body: unknown): Promise<NamedQuery> {
  const named = namedQueryOf(body);
  const { changes } = await ctx.store.run(
    `INSERT INTO _epcis_named_queries (name, query, account_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO NOTHING`,
    [named.name, JSON.stringify(named.query), accountId, ctx.records.now()],
  );
  if (!changes)
    throw new EpcisProblem("ResourceAlreadyExistsException", message("epcisCapture.queryExists", { name: named.name }));
  return named;
}

async function stored(ctx: ChainContext, name: string): Promise<NamedQuery & { accountId: number }> {
  const row = await ctx.store.get<{ name: string; query: string; account_id: number }>(
    `SELECT name, query, account_id FROM _epcis_named_queries WHERE name = ?`,
    [name],
  );
  if (!row) throw noSuchResource(message("epcisCapture.noQuery", { name }));
  return { name: row.name, query: JSON.parse(row.query) as QueryParameters, accountId: Number(row.account_id) };
}

export async function namedQuery(ctx: ChainContext, name: string): Promise<NamedQuery> {
  const { query } = await stored(ctx, name);
  return { name, query };
}

/**
 * What tells one making of a query from another of the same name: the stored parameters and when
 * it was made. A WebSocket stream holds its query's and ends when the name no longer gives it.
 */
export async function queryEdition(ctx: ChainContext, name: string): Promise<string | undefined> {
  return (await queryEditions(ctx, [name])).get(name);
}

/** Of `names`, the queries still kept, each with its edition (queryEdition). */
export async function queryEditions(ctx: ChainContext, names: readonly string[]): Promise<Map<string, string>> {
  const editions = new Map<string, string>();
  if (!names.length) return editions;
  const rows = await ctx.store.all<{ name: string; query: string; created_at: string }>(
    `SELECT name, query, created_at FROM _epcis_named_queries WHERE name IN (${names.map(() => "?").join(", ")})`,
    [...names],
  );
  for (const row of rows) editions.set(row.name, JSON.stringify([row.query, String(row.created_at)]));
  return editions;
}

/** One page of the named queries, by name. */
export async function namedQueries(ctx: ChainContext, raw: RawQuery): Promise<{ list: NamedQuery[]; next?: string }> {
  const page = await discoveryPage(raw, "queries", {
    vocabulary: async () =>
      (await ctx.store.all<{ name: string }>(`SELECT name FROM _epcis_named_queries`)).map((row) => row.name),
    codesAfter: () => Promise.resolve([]),
  });
  const list: NamedQuery[] = [];
  for (const name of page.members) list.push(await namedQuery(ctx, name));
  return { list, ...(page.next ? { next: page.next } : {}) };
}

/**
 * Deletes the query and its webhook subscriptions with it, in one transaction; only its maker or an
 * administrator may (the one who manages its subscriptions). GS1's binding: deleting a named query
 * disconnects its clients; a subscription left behind would fail forever, or deliver a later query
 * of the same name to a webhook its maker never chose. The query's row goes first, so a
 * subscription being made at the same time (which locks that row) waits and then finds no query.
 */
export async function deleteNamedQuery(
  ctx: ChainContext,
  name: string,
  caller: { readonly accountId: number; readonly admin: boolean },
): Promise<void> {
  await ctx.store.transaction(async () => {
    const query = await stored(ctx, name);
    if (!caller.admin && query.accountId !== caller.accountId)
      throw new EpcisProblem("SecurityException", message("epcisCapture.notYourQuery", { name }));
    await ctx.store.run(`DELETE FROM _epcis_named_queries WHERE name = ?`, [name]);
    await deleteSubscriptionsOf(ctx, name);
  });
}

/** GET /epcis/queries/{name}/events: the query's events, paged as /epcis/events pages them. */
export async function namedQueryEvents(
  ctx: ChainContext,
  scope: QueryScope,
  name: string,
  raw: RawQuery,
): Promise<Answer> {
  refuseUnknown(raw, PAGING);
  const query = await namedQuery(ctx, name);
  return await queryEvents(ctx, scope, { ...query.query, ...raw }, {}, name);
}
