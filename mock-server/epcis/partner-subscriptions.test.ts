// A partner client's subscription (docs/decisions/0024) is delivered while the client has a live
// key; once its key is revoked, or the client disabled, the next round sends nothing to its webhook
// and records why, as it records any failed delivery.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { observeEvent } from "../domain/ledger/ledger";
import { call, envelope, login } from "../test-fixtures/test-app";
import { clientPaths, partnerClient, type IssuedClient } from "../test-fixtures/partner-client";
import { testDatabase } from "../test-fixtures/test-database";
import { webhookReceiver, type WebhookReceiver } from "../test-fixtures/webhook-receiver";

let app: FastifyInstance;
let hook: WebhookReceiver;
let admin: string;
let client: IssuedClient;
let location: string;
let code: string;

const post = async (url: string, body: unknown) =>
  envelope(await call(app, { method: "POST", url, body, token: admin }));
const asClient = (method: "GET" | "POST", url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${client.key}` }, ...(payload ? { payload } : {}) });
const delivered = () => hook.received.filter((request) => request.status === 204).length;

beforeAll(async () => {
  hook = await webhookReceiver();
  app = await buildApp({
    contract,
    dbFile: await testDatabase(),
    seedAnchor: "2024-06-01",
    seedScale: 0.05,
    docs: false,
    subscriptionPollMs: 0,
  });
  admin = await login(app, "admin");
  code = (await app.consoleContext.store.get<{ code: string }>(`SELECT code FROM trace_codes ORDER BY id LIMIT 1`))!
    .code;
  client = await partnerClient({ post }, "regulator-feed", { kind: "regulator", subscribe: true });
  const made = await asClient("POST", "/epcis/queries", { name: "inspections", query: { EQ_bizStep: "inspecting" } });
  expect(made.statusCode, made.body).toBe(201);
  const subscribed = await asClient("POST", "/epcis/queries/inspections/subscriptions", {
    dest: hook.url,
    signatureToken: "a-shared-secret-of-the-regulator",
    stream: true,
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  location = String(subscribed.headers.location);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await hook?.close();
});

const inspect = () =>
  observeEvent(app.consoleContext, {
    kind: "inspect",
    reason: "genuine",
    readPoint: null,
    codes: [code],
    operator: "admin",
  });

describe("a partner client's subscription", () => {
  it("is delivered while its key is live, and stops, with the reason, once the key is revoked", async () => {
    await inspect();
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(1);
    expect(delivered()).toBe(1);

    expect((await post(clientPaths.revokeKey, { id: client.id })).code).toBe(0);
    await inspect();
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(0);
    expect(hook.received.length).toBe(1);
    const state = await app.inject({ method: "GET", url: location, headers: { token: admin } });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json<{ delivery: { lastError: string } }>().delivery.lastError).toMatch(/no live API key/);
  });
});
