// A call's handler may answer at once or with a promise (the hot calls answer at once); either way the data comes in the envelope, and an error, thrown or rejected, as the
// error envelope.
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorHandler } from "../errors";
import { notFound } from "../refusals";
import { RouteTable } from "./route-table";
import { IdempotentWrites } from "./idempotency/idempotent-writes";

async function appWith(handler: () => unknown) {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  new RouteTable(app).add({
    endpoint: { method: "GET", path: "/call" },
    owner: "test.call",
    access: { public: true },
    tags: [],
    summary: "a call",
    handler,
  });
  await app.ready();
  return app;
}

describe("RouteTable handlers", () => {
  it.each([
    ["at once", () => ({ n: 1 })],
    ["with a promise", () => Promise.resolve({ n: 1 })],
  ])("answer the data in the envelope, %s", async (_how, handler) => {
    const app = await appWith(handler);
    const response = await app.inject({ url: "/call" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status_code: 200, message: "success", code: 0, data: { n: 1 } });
    await app.close();
  });

  it.each([
    [
      "thrown",
      () => {
        throw notFound();
      },
    ],
    ["rejected", async () => Promise.reject(notFound())],
  ])("answer an error %s as the error envelope", async (_how, handler) => {
    const app = await appWith(handler);
    const response = await app.inject({ url: "/call" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status_code: 404, code: 40400 });
    await app.close();
  });
});

describe("a call that takes an Idempotency-Key", () => {
  const keyed = { owner: "test.write", tags: [], summary: "a write", idempotencyKey: true, handler: () => ({}) };
  // A keeper that is never asked: the refusal comes at registration.
  const keeper = new IdempotentWrites(undefined as never, undefined as never, () => 0);
  it.each([
    ["on a table that keeps no keys", undefined, { endpoint: { method: "POST", path: "/w" }, access: { roles: [] } }],
    ["on a public call", keeper, { endpoint: { method: "POST", path: "/w" }, access: { public: true } }],
    ["on a GET", keeper, { endpoint: { method: "GET", path: "/w" }, access: { roles: [] } }],
  ] as const)("is a start-up error %s", (_where, writes, spec) => {
    expect(() => new RouteTable(Fastify(), writes).add({ ...keyed, ...spec })).toThrow(
      /Idempotency-Key needs a signed-in write/,
    );
  });

  it("registers on a signed-in POST of a table that keeps keys", () => {
    const spec = { endpoint: { method: "POST", path: "/w" }, access: { roles: [] } } as const;
    expect(() => new RouteTable(Fastify(), keeper).add({ ...keyed, ...spec })).not.toThrow();
  });
});
