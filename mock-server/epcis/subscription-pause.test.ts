// Pausing a subscription (POST …/subscriptions/{id}/pause and …/resume): while paused, new matching
// events are not delivered and the state says paused; resumed, the events of the pause arrive, once,
// and the state is active again; a failing webhook shows as failing; only the query's maker or an
// administrator pauses, and an unknown subscription is a 404.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { plantEvent } from "../test-fixtures/planted-events";
import { grantsOfRole, replaceRoleGrants } from "../org/role-grants";
import { testDatabase } from "../test-fixtures/test-database";
import { login } from "../test-fixtures/test-app";
import { webhookReceiver, type WebhookReceiver } from "../test-fixtures/webhook-receiver";
import { EPCIS_PERMISSION } from "./epcis-routes";
import { EPCIS_SUBSCRIBE_PERMISSION } from "./subscription-routes";

const clock = { now: Date.parse("2024-06-01T08:00:00Z") };
let app: FastifyInstance;
let admin: string;
let hook: WebhookReceiver;
let code: string;
let location: string;

const inject = (method: "GET" | "POST", url: string, token = admin, payload?: object) =>
  app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });

async function ship(): Promise<string> {
  const ctx = app.consoleContext;
  const id = await plantEvent(ctx, { kind: "ship", codes: [code], operator: "admin" });
  return (await ctx.store.get<{ event_hash: string }>(`SELECT event_hash FROM _ledger_events WHERE id = ?`, [id]))!
    .event_hash;
}

const delivered = () =>
  hook.received
    .filter((request) => request.status === 204)
    .flatMap((request) =>
      (
        JSON.parse(request.body) as {
          epcisBody: { queryResults: { resultsBody: { eventList: { eventID: string }[] } } };
        }
      ).epcisBody.queryResults.resultsBody.eventList.map((event) => event.eventID),
    );

const delivery = async () =>
  (await inject("GET", location)).json<{ delivery: { state: string; pausedAt: string | null } }>().delivery;

beforeAll(async () => {
  hook = await webhookReceiver();
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
  code = (await app.consoleContext.store.get<{ code: string }>(`SELECT code FROM trace_codes ORDER BY id LIMIT 1`))!
    .code;
  expect(
    (await inject("POST", "/epcis/queries", admin, { name: "shipped", query: { EQ_bizStep: "shipping" } })).statusCode,
  ).toBe(201);
  const made = await inject("POST", "/epcis/queries/shipped/subscriptions", admin, {
    dest: hook.url,
    signatureToken: "a-shared-secret-of-the-partner",
    stream: true,
  });
  expect(made.statusCode, made.body).toBe(201);
  location = String(made.headers.location);
}, 120_000);

afterAll(async () => {
  await app.close();
  await hook.close();
});

describe("pausing a subscription", () => {
  it("holds delivery while paused and delivers what came meanwhile, once, when resumed", async () => {
    expect((await delivery()).state).toBe("active");
    const paused = await inject("POST", `${location}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ delivery: { state: "paused", pausedAt: expect.any(String) } });
    const during = await ship();
    clock.now += 1000;
    await app.subscriptionDeliverer.deliverDue();
    expect(delivered()).toEqual([]);

    const resumed = await inject("POST", `${location}/resume`);
    expect(resumed.json()).toMatchObject({ delivery: { state: "active", pausedAt: null } });
    await app.subscriptionDeliverer.deliverDue();
    await app.subscriptionDeliverer.deliverDue();
    expect(delivered()).toEqual([during]);
  });

  it("shows a webhook that fails as failing", async () => {
    hook.failNext(1);
    await ship();
    await app.subscriptionDeliverer.deliverDue();
    expect((await delivery()).state).toBe("failing");
  });

  it("is for the query's maker or an administrator; an unknown subscription is a 404", async () => {
    const { store, grants } = app.consoleContext;
    const account = (await store.get<{ id: number }>(`SELECT id FROM employees WHERE account_name = 'editor'`))!.id;
    const [roleId] = (await grants.roleIdsOf(account)).ids;
    const held = await grantsOfRole(store, roleId);
    await store.transaction(() =>
      replaceRoleGrants(
        store,
        roleId,
        [...held.menus, EPCIS_PERMISSION, EPCIS_SUBSCRIBE_PERMISSION],
        [...held.buttons],
      ),
    );
    const editor = await login(app, "editor");
    const refused = await inject("POST", `${location}/pause`, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: "epcisException:SecurityException" });
    expect((await delivery()).state).not.toBe("paused");
    const missing = await inject("POST", "/epcis/queries/shipped/subscriptions/no-such-id/resume");
    expect(missing.statusCode).toBe(404);
  });
});
