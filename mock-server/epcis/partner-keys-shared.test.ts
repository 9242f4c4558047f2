// Two server processes on one PostgreSQL: a partner client's key revoked, replaced or its client
// disabled on one process is refused by the very next call on the other (docs/decisions/0024).
// No process keeps keys in memory, so there is nothing to hear first. SQLite is one process's
// file, so this file runs on PostgreSQL only.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { call, envelope, login } from "../test-fixtures/test-app";
import { clientPaths, issueKey, partnerClient } from "../test-fixtures/partner-client";
import { testDatabase, testEngine } from "../test-fixtures/test-database";

describe.runIf(testEngine() === "postgres")("partner keys on two processes", () => {
  let one: FastifyInstance;
  let other: FastifyInstance;
  let post: (url: string, body: unknown) => Promise<ReturnType<typeof envelope>>;

  beforeAll(async () => {
    const url = await testDatabase();
    const build = () => buildApp({ contract, dbFile: url, seedAnchor: "2024-06-01", seedScale: 0.05, docs: false });
    one = await build();
    other = await build();
    const admin = await login(one, "admin");
    post = async (path, body) => envelope(await call(one, { method: "POST", url: path, body, token: admin }));
  }, 180_000);
  afterAll(async () => {
    await one?.close();
    await other?.close();
  });

  const statusOn = async (app: FastifyInstance, key: string) =>
    (await app.inject({ method: "GET", url: "/epcis/eventTypes", headers: { authorization: `Bearer ${key}` } }))
      .statusCode;

  it("a revocation on one process is refused by the next call on the other", async () => {
    const client = await partnerClient({ post }, "shared-revoked", { kind: "regulator" });
    expect(await statusOn(other, client.key)).toBe(200);
    expect((await post(clientPaths.revokeKey, { id: client.id })).code).toBe(0);
    expect(await statusOn(other, client.key)).toBe(401);
  });

  it("a replaced key and a disabled client too", async () => {
    const client = await partnerClient({ post }, "shared-rotated", { kind: "logistics" });
    expect(await statusOn(other, client.key)).toBe(200);
    const next = await issueKey({ post }, client.id);
    expect(await statusOn(other, client.key)).toBe(401);
    expect(await statusOn(other, next)).toBe(200);
    expect((await post(clientPaths.disable, { id: client.id })).code).toBe(0);
    expect(await statusOn(other, next)).toBe(401);
  });
});
