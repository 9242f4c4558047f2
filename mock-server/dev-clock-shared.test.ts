// The development clock is the database's: a move on one server process is the clock of every other
// on the database at once (two apps on one PostgreSQL, each with its own clock over one base), and
// a server that starts again on the database starts from the moved clock (both engines).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { settableClock } from "./dev-clock";
import { DEV_CLOCK_PATH } from "./dev-clock-route";
import { fixtureContract } from "./test-fixtures/contract.fixture";
import { call, envelope, login } from "./test-fixtures/test-app";
import { testDatabase, testEngine } from "./test-fixtures/test-database";

const base = { now: Date.parse("2024-06-01T10:00:00Z") };
const build = (dbFile: string) =>
  buildApp({
    contract: fixtureContract,
    dbFile,
    seedAnchor: "2024-06-01",
    docs: false,
    clockControl: settableClock(() => base.now),
  });
const reading = async (app: FastifyInstance, token: string) =>
  envelope(await call(app, { url: DEV_CLOCK_PATH, token })).data as { now: string };
const move = async (app: FastifyInstance, token: string, body: unknown) =>
  envelope(await call(app, { method: "POST", url: DEV_CLOCK_PATH, token, body }));

describe.runIf(testEngine() === "postgres")("the development clock of two processes on one PostgreSQL", () => {
  let one: FastifyInstance;
  let other: FastifyInstance;
  beforeAll(async () => {
    const url = await testDatabase();
    one = await build(url);
    other = await build(url);
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await other?.close();
  });

  it("a move on one is the other's clock at once, each way", async () => {
    const onOne = await login(one, "admin");
    const onOther = await login(other, "admin");
    expect(await reading(other, onOther)).toEqual({ now: "2024-06-01T10:00:00.000Z" });
    expect((await move(one, onOne, { advance_minutes: 20 })).data).toEqual({ now: "2024-06-01T10:20:00.000Z" });
    // Less than a session's idle time: the other's session, last used at 10:00, still answers.
    expect(await reading(other, onOther)).toEqual({ now: "2024-06-01T10:20:00.000Z" });
    expect(other.consoleContext.records.now()).toBe("2024-06-01T10:20:00Z");
    // Set back on the other: one reads it too.
    expect((await move(other, onOther, { now: "2024-06-01T10:05:00Z" })).code).toBe(0);
    expect(await reading(one, onOne)).toEqual({ now: "2024-06-01T10:05:00.000Z" });
    // Both run on from there at the base clock's pace.
    base.now += 60_000;
    expect(await reading(one, onOne)).toEqual({ now: "2024-06-01T10:06:00.000Z" });
    expect(await reading(other, onOther)).toEqual({ now: "2024-06-01T10:06:00.000Z" });
    base.now -= 60_000;
  });
});

describe("the development clock across a restart", () => {
  const folder = mkdtempSync(join(tmpdir(), "dev-clock-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("a server started again on the database reads the clock as it was moved", async () => {
    const database = testEngine() === "postgres" ? await testDatabase() : join(folder, "clock.db");
    const first = await build(database);
    try {
      const token = await login(first, "admin");
      expect((await move(first, token, { now: "2024-06-03T09:00:00Z" })).code).toBe(0);
    } finally {
      await first.close();
    }
    const again = await build(database);
    try {
      expect(again.consoleContext.records.now()).toBe("2024-06-03T09:00:00Z");
    } finally {
      await again.close();
    }
  }, 120_000);
});
