// The console's subscription list (manifest epcis_subscriptions, a view of the server's table): each
// subscription with its partner client and its delivery state as the EPCIS interface answers it, and
// pause, resume and remove as row actions calling the interface's own rules. Staff need the list's
// menu to read it and each button's permission to act; an id that is not one is refused with the
// envelope, and a refused action changes nothing.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { grantsOfRole, replaceRoleGrants } from "../org/role-grants";
import { call, envelope, login } from "../test-fixtures/test-app";
import { partnerClient, type IssuedClient } from "../test-fixtures/partner-client";
import { testDatabase } from "../test-fixtures/test-database";

const LIST = "/api/org/epcissubscriptions";
const clock = { now: Date.parse("2024-06-01T08:00:00Z") };
let app: FastifyInstance;
let admin: string;
let client: IssuedClient;
let staffMade: string;
let clientMade: string;

const post = async (url: string, body: unknown, token = admin) =>
  envelope(await call(app, { method: "POST", url, body, token }));
const get = async (url: string, query: Record<string, string> = {}, token = admin) =>
  envelope(await call(app, { url, query, token }));
const asClient = (url: string, payload: object) =>
  app.inject({ method: "POST", url, headers: { authorization: `Bearer ${client.key}` }, payload });
const subscribe = async (query: string, by: (url: string, body: object) => Promise<{ body: string }>) =>
  (
    JSON.parse(
      (
        await by(`/epcis/queries/${query}/subscriptions`, {
          dest: `http://127.0.0.1:9/${query}`,
          signatureToken: "a-shared-secret-of-the-partner",
          stream: true,
        })
      ).body,
    ) as { subscriptionID: string }
  ).subscriptionID;
/** The subscription as the EPCIS interface answers it. */
const answered = async (query: string, id: string) =>
  (
    await app.inject({ method: "GET", url: `/epcis/queries/${query}/subscriptions/${id}`, headers: { token: admin } })
  ).json<{
    delivery: { state: string; deliveredEvents: number; cursor: number; attempts: number; nextTryAt: string };
  }>().delivery;
const listed = async (id: string) => (await get(`${LIST}/detail`, { id })).data as Record<string, unknown>;

beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: await testDatabase(),
    seedAnchor: "2024-06-01",
    seedScale: 0.05,
    clock: () => clock.now,
    docs: false,
    subscriptionPollMs: 0,
  });
  await app.ready();
  admin = await login(app, "admin");
  const asAdmin = (url: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { token: admin }, payload });
  expect((await asAdmin("/epcis/queries", { name: "shipped", query: { EQ_bizStep: "shipping" } })).statusCode).toBe(
    201,
  );
  staffMade = await subscribe("shipped", asAdmin);
  client = await partnerClient({ post: (url, body) => post(url, body) }, "regulator-feed", {
    kind: "regulator",
    subscribe: true,
  });
  expect(
    (await asClient("/epcis/queries", { name: "inspected", query: { EQ_bizStep: "inspecting" } })).statusCode,
  ).toBe(201);
  clientMade = await subscribe("inspected", asClient);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("the console's subscription list", () => {
  it("lists every subscription with its partner client and the delivery state the interface answers", async () => {
    const page = await get(`${LIST}/pagelist`);
    expect(page.code).toBe(0);
    const ids = (page.data.list as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([staffMade, clientMade]));
    const mine = await listed(clientMade);
    const state = await answered("inspected", clientMade);
    expect(mine).toMatchObject({
      id: clientMade,
      client_id: client.id,
      query_name: "inspected",
      dest: "http://127.0.0.1:9/inspected",
      delivery_state: state.state,
      delivered_events: state.deliveredEvents,
      cursor_id: state.cursor,
      attempts: 0,
      next_try_at: state.nextTryAt,
      last_error: null,
    });
    expect((await listed(staffMade)).client_id).toBeNull();
    const filtered = await get(`${LIST}/pagelist`, { client_id: String(client.id) });
    expect((filtered.data.list as { id: string }[]).map((row) => row.id)).toEqual([clientMade]);
  });

  it("says failing while tries fail, as the interface does", async () => {
    await app.consoleContext.store.run(
      `UPDATE _epcis_subscriptions SET attempts = 2, last_error = 'HTTP 500' WHERE id = ?`,
      [staffMade],
    );
    expect((await answered("shipped", staffMade)).state).toBe("failing");
    expect(await listed(staffMade)).toMatchObject({ delivery_state: "failing", attempts: 2, last_error: "HTTP 500" });
  });

  it("pauses and resumes a partner's subscription through the interface's rule", async () => {
    const paused = await post(`${LIST}/pause`, { id: clientMade });
    expect(paused.code, paused.message).toBe(0);
    expect(paused.data).toMatchObject({ id: clientMade, delivery_state: "paused", next_try_at: null });
    expect((await answered("inspected", clientMade)).state).toBe("paused");
    const again = await post(`${LIST}/pause`, { id: clientMade });
    expect(again.status_code).toBe(409);
    const resumed = await post(`${LIST}/resume`, { id: clientMade });
    expect(resumed.data).toMatchObject({ delivery_state: "active" });
    expect((await answered("inspected", clientMade)).state).toBe("active");
  });

  it("refuses an id that is not one, and one that names no subscription, with the envelope", async () => {
    const malformed = await post(`${LIST}/pause`, { id: "x'; DROP TABLE _epcis_subscriptions; --" });
    expect(malformed.status_code).toBe(400);
    expect(malformed.message).toMatch(/id/);
    const missing = await post(`${LIST}/pause`, { id: "no-such-subscription" });
    expect(missing.status_code).toBe(404);
    expect((await get(`${LIST}/pagelist`)).data.total).toBe(2);
  });

  it("needs the list's menu to read it and a button's permission to act", async () => {
    const { store, grants } = app.consoleContext;
    const account = (await store.get<{ id: number }>(`SELECT id FROM employees WHERE account_name = 'editor'`))!.id;
    const [roleId] = (await grants.roleIdsOf(account)).ids;
    const held = await grantsOfRole(store, roleId);
    const editor = await login(app, "editor");
    expect((await get(`${LIST}/pagelist`, {}, editor)).status_code).toBe(403);
    await store.transaction(() =>
      replaceRoleGrants(store, roleId, [...held.menus, "epcissubscriptions"], [...held.buttons]),
    );
    expect((await get(`${LIST}/pagelist`, {}, editor)).data.total).toBe(2);
    const refused = await post(`${LIST}/pause`, { id: clientMade }, editor);
    expect(refused.status_code).toBe(403);
    expect((await listed(clientMade)).delivery_state).toBe("active");
    await store.transaction(() =>
      replaceRoleGrants(
        store,
        roleId,
        [...held.menus, "epcissubscriptions"],
        [...held.buttons, "epcissubscriptions_pause"],
      ),
    );
    expect((await post(`${LIST}/pause`, { id: clientMade }, editor)).data.delivery_state).toBe("paused");
    expect((await post(`${LIST}/resume`, { id: clientMade })).code).toBe(0);
  });

  it("removes a subscription: it is gone from the list and from the interface", async () => {
    const removed = await post(`${LIST}/remove`, { id: staffMade });
    expect(removed.code, removed.message).toBe(0);
    expect(removed.data).toMatchObject({ id: staffMade, query_name: "shipped" });
    expect((await get(`${LIST}/detail`, { id: staffMade })).status_code).toBe(404);
    const gone = await app.inject({
      method: "GET",
      url: `/epcis/queries/shipped/subscriptions/${staffMade}`,
      headers: { token: admin },
    });
    expect(gone.statusCode).toBe(404);
  });
});
