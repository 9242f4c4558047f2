// Subscriptions to a named query, delivered to a local webhook (on the engine TEST_ENGINE names):
// a new matching event arrives once, signed with the shared secret, a non-matching one never; a
// webhook that fails is tried again after a growing wait and gets the event once it answers; a new
// app on the same database continues from the stored cursor, neither losing nor re-sending; two
// deliverers on one database send a batch once; a deleted subscription receives nothing more.
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { plantEvent } from "../test-fixtures/planted-events";
import type { EventKind } from "../domain/ledger/event-vocabulary";
import { testDatabase, testEngine } from "../test-fixtures/test-database";
import { login } from "../test-fixtures/test-app";
import { webhookReceiver, type WebhookReceiver } from "../test-fixtures/webhook-receiver";
import { SubscriptionDeliverer } from "./subscription-deliverer";
import { DELIVERY_TIMING } from "./delivery-timing";
import { verifySignature } from "./webhook-signature";

const SECRET = "a-shared-secret-of-the-partner";
const clock = { now: Date.parse("2024-06-01T08:00:00Z") };
let dbFile: string;
let app: FastifyInstance;
let token: string;
let hook: WebhookReceiver;
let code: string;
let location: string;

type Delivered = {
  epcisBody: {
    queryResults: {
      subscriptionID: string;
      queryName: string;
      resultsBody: { eventList: { eventID: string; bizStep: string }[] };
    };
  };
};

async function open(): Promise<void> {
  app = await buildApp({
    contract,
    dbFile,
    seedAnchor: "2024-06-01",
    seedScale: 0.05,
    clock: () => clock.now,
    docs: false,
    subscriptionPollMs: 0,
  });
  await app.ready();
  token = await login(app, "admin");
}

const inject = (method: "GET" | "POST" | "DELETE", url: string, payload?: object, as = token) =>
  app.inject({ method, url, headers: { token: as }, ...(payload ? { payload } : {}) });

/** Appends an event of `kind` about the test code; its eventID. */
async function append(kind: EventKind): Promise<string> {
  const ctx = app.consoleContext;
  const id = await plantEvent(ctx, { kind, codes: [code], operator: "admin" });
  const row = await ctx.store.get<{ event_hash: string }>(`SELECT event_hash FROM _ledger_events WHERE id = ?`, [id]);
  return row!.event_hash;
}

/** Event ids of the documents the webhook acknowledged, in order. */
const acknowledged = () =>
  hook.received
    .filter((request) => request.status === 204)
    .flatMap((request) =>
      (JSON.parse(request.body) as Delivered).epcisBody.queryResults.resultsBody.eventList.map(
        (event) => event.eventID,
      ),
    );

const state = async () => (await inject("GET", location)).json<{ delivery: Record<string, unknown> }>().delivery;

beforeAll(async () => {
  dbFile =
    testEngine() === "sqlite"
      ? join(tmpdir(), `subscriptions-${randomBytes(4).toString("hex")}.db`)
      : await testDatabase();
  hook = await webhookReceiver();
  await open();
  code = (await app.consoleContext.store.get<{ code: string }>(`SELECT code FROM trace_codes ORDER BY id LIMIT 1`))!
    .code;
  const made = await inject("POST", "/epcis/queries", { name: "shipments", query: { EQ_bizStep: "shipping" } });
  expect(made.statusCode, made.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await app.close();
  await hook.close();
  if (testEngine() === "sqlite") for (const suffix of ["", "-wal", "-shm"]) await rm(dbFile + suffix, { force: true });
});

describe("EPCIS subscriptions", () => {
  it("are made on a named query (201 with Location), read with their delivery state, never with the secret", async () => {
    const made = await inject("POST", "/epcis/queries/shipments/subscriptions", {
      dest: hook.url,
      signatureToken: SECRET,
      stream: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    location = String(made.headers.location);
    const body = made.json<{ subscriptionID: string }>();
    expect(location).toBe(`/epcis/queries/shipments/subscriptions/${body.subscriptionID}`);
    expect(made.body).not.toContain(SECRET);
    expect(body).toMatchObject({ queryName: "shipments", dest: hook.url, stream: true, reportIfEmpty: false });
    expect(body).toMatchObject({ delivery: { deliveredEvents: 0, attempts: 0, lastSuccessAt: null, lastError: null } });
    const list = await inject("GET", "/epcis/queries/shipments/subscriptions");
    expect(list.json()).toEqual([body]);
    expect((await inject("GET", location)).json()).toEqual(body);
  });

  it("delivers a new matching event once, signed with the shared secret; a non-matching one is passed over", async () => {
    // Made before any append: a subscription starts at the ledger's end, so the seeded history is not sent.
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(0);
    const inspected = await append("inspect");
    const shipped = await append("ship");
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(1);
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request.headers["content-type"]).toBe("application/ld+json");
    expect(verifySignature(request.body, SECRET, String(request.headers["gs1-signature"]))).toBe(true);
    expect(verifySignature(request.body, "another-secret-of-16+", String(request.headers["gs1-signature"]))).toBe(
      false,
    );
    const document = JSON.parse(request.body) as Delivered;
    expect(document.epcisBody.queryResults.queryName).toBe("shipments");
    expect(document.epcisBody.queryResults.subscriptionID).toBe(location.split("/").pop());
    expect(
      document.epcisBody.queryResults.resultsBody.eventList.map((event) => [event.eventID, event.bizStep]),
    ).toEqual([[shipped, "shipping"]]);
    expect(acknowledged()).not.toContain(inspected);
    expect(await state()).toMatchObject({ deliveredEvents: 1, attempts: 0, lastError: null });
    expect((await state()).lastSuccessAt).toEqual(expect.any(String));
    // Nothing new: nothing is sent again.
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(0);
    expect(hook.received).toHaveLength(1);
  });

  it("retries a failing webhook with growing waits and delivers on the third try", async () => {
    hook.failNext(2);
    const shipped = await append("ship");
    await app.subscriptionDeliverer.deliverDue();
    expect(await state()).toMatchObject({ attempts: 1, lastError: "HTTP 503 from the webhook", deliveredEvents: 1 });
    expect((await state()).nextTryAt).toBe(new Date(clock.now + DELIVERY_TIMING.backoffBaseMs).toISOString());
    // Not due yet: no try.
    await app.subscriptionDeliverer.deliverDue();
    expect(hook.received).toHaveLength(2);
    clock.now += DELIVERY_TIMING.backoffBaseMs;
    await app.subscriptionDeliverer.deliverDue();
    expect(await state()).toMatchObject({ attempts: 2 });
    expect((await state()).nextTryAt).toBe(new Date(clock.now + 2 * DELIVERY_TIMING.backoffBaseMs).toISOString());
    clock.now += DELIVERY_TIMING.backoffBaseMs;
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(0);
    clock.now += DELIVERY_TIMING.backoffBaseMs;
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(1);
    expect(hook.received.map((request) => request.status)).toEqual([204, 503, 503, 204]);
    expect(acknowledged().filter((id) => id === shipped)).toHaveLength(1);
    expect(await state()).toMatchObject({ attempts: 0, deliveredEvents: 2 });
  });

  it("a new app on the same database continues from the cursor, losing and re-sending nothing", async () => {
    hook.failNext(1);
    const pending = await append("ship");
    await app.subscriptionDeliverer.deliverDue();
    expect(await state()).toMatchObject({ attempts: 1 });
    await app.close();
    await open();
    const later = await append("ship");
    clock.now += DELIVERY_TIMING.backoffBaseMs;
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(1);
    const ids = acknowledged();
    expect(ids.slice(-2)).toEqual([pending, later]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await state()).toMatchObject({ attempts: 0, deliveredEvents: 4 });
  });

  it("two deliverers on one database send a batch once", async () => {
    const other = new SubscriptionDeliverer(app.consoleContext, { ...DELIVERY_TIMING, pollMs: 0 });
    const shipped = await append("ship");
    const rounds = await Promise.all([app.subscriptionDeliverer.deliverDue(), other.deliverDue()]);
    expect(rounds.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(acknowledged().filter((id) => id === shipped)).toHaveLength(1);
    await other.close();
  });

  it("an unreachable webhook is a failed try with its reason", async () => {
    const closed = await webhookReceiver();
    await closed.close();
    const made = await inject("POST", "/epcis/queries/shipments/subscriptions", {
      dest: closed.url,
      signatureToken: SECRET,
      stream: true,
      reportIfEmpty: true,
    });
    expect(made.statusCode).toBe(201);
    await append("ship");
    await app.subscriptionDeliverer.deliverDue();
    const unreachable = await inject("GET", String(made.headers.location));
    expect(unreachable.json()).toMatchObject({ delivery: { attempts: 1, deliveredEvents: 0 } });
    expect(unreachable.json().delivery.lastError).toMatch(/^the webhook could not be reached/);
    expect((await inject("DELETE", String(made.headers.location))).statusCode).toBe(204);
  });

  it("a deleted subscription receives nothing more", async () => {
    const before = hook.received.length;
    expect((await inject("DELETE", location)).statusCode).toBe(204);
    await append("ship");
    clock.now += DELIVERY_TIMING.backoffCapMs;
    expect(await app.subscriptionDeliverer.deliverDue()).toBe(0);
    expect(hook.received).toHaveLength(before);
    const gone = await inject("GET", location);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ type: "epcisException:NoSuchNameException" });
    expect((await inject("GET", "/epcis/queries/shipments/subscriptions")).json()).toEqual([]);
  });
});
