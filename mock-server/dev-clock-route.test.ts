// The clock call: in development and test mode it sets and advances the server's clock (what the
// ledger and every stamp read); a production server has no such call at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { clockCallEnabled, settableClock } from "./dev-clock";
import { DEV_CLOCK_PATH } from "./dev-clock-route";
import { call, envelope, fixtureApp, login, type TestApp } from "./test-fixtures/test-app";
import { fixtureContract } from "./test-fixtures/contract.fixture";
import type { FastifyInstance } from "fastify";

describe("which servers get the clock call", () => {
  it("development and test mode only; production and an unset NODE_ENV do not", () => {
    expect(["development", "test", "production", undefined, "", "prod"].map((mode) => clockCallEnabled(mode))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
  it("any mode with the explicit DEV_CLOCK=1 opt-in, and only with exactly 1", () => {
    expect(clockCallEnabled("production", "1")).toBe(true);
    expect(["0", "true", "", undefined].map((value) => clockCallEnabled("production", value))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("POST /api/dev/clock on a test server", () => {
  let app: FastifyInstance;
  let token: string;
  const base = { now: Date.parse("2024-06-01T10:00:00Z") };
  beforeAll(async () => {
    app = await buildApp({
      contract: fixtureContract,
      dbFile: ":memory:",
      seedAnchor: "2024-06-01",
      docs: false,
      clockControl: settableClock(() => base.now),
    });
    token = await login(app, "admin");
  }, 60_000);
  afterAll(() => app.close());
  const move = async (body: unknown) => envelope(await call(app, { method: "POST", url: DEV_CLOCK_PATH, token, body }));

  it("reads, sets, then advances the clock the server's own stamps use, and it keeps running from there", async () => {
    expect(envelope(await call(app, { url: DEV_CLOCK_PATH, token })).data).toEqual({ now: "2024-06-01T10:00:00.000Z" });
    expect((await move({ now: "2024-07-01T08:00:00Z" })).data).toEqual({ now: "2024-07-01T08:00:00.000Z" });
    // A month later the session has ended, as any session of that age would: sign in again.
    expect((await move({ advance_minutes: 1 })).code).toBe(50014);
    token = await login(app, "admin");
    expect((await move({ advance_days: 2, advance_minutes: 30 })).data).toEqual({ now: "2024-07-03T08:30:00.000Z" });
    token = await login(app, "admin");
    base.now += 60_000; // the base clock runs on; so does the set clock
    expect(envelope(await call(app, { url: DEV_CLOCK_PATH, token })).data).toEqual({ now: "2024-07-03T08:31:00.000Z" });
    expect(app.consoleContext.records.now()).toBe("2024-07-03T08:31:00Z");
  });

  it("refuses a value that is not a date-time, or nothing to do, naming the field, and leaves the clock alone", async () => {
    const before = envelope(await call(app, { url: DEV_CLOCK_PATH, token })).data;
    expect(await move({ now: "next tuesday" })).toMatchObject({
      status_code: 400,
      errors: { now: "next tuesday is not an ISO date-time such as 2024-06-01T08:00:00Z" },
    });
    expect(await move({})).toMatchObject({
      status_code: 400,
      errors: { now: "give now, advance_minutes or advance_days" },
    });
    expect((await move({ advance_days: "two" })).status_code).toBe(400);
    expect(envelope(await call(app, { url: DEV_CLOCK_PATH, token })).data).toEqual(before);
  });

  it("needs a session", async () => {
    const before = app.consoleContext.records.now();
    expect(envelope(await call(app, { method: "POST", url: DEV_CLOCK_PATH, body: { advance_days: 1 } }))).toMatchObject(
      { status_code: 403, data: null },
    );
    expect(app.consoleContext.records.now()).toBe(before);
  });
});

describe("a production server (no clockControl)", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await fixtureApp();
  }, 60_000);
  afterAll(() => test.app.close());

  it("has no clock call: both methods answer 404 even to an administrator", async () => {
    const token = await login(test.app, "admin");
    const before = test.app.consoleContext.records.now();
    expect(envelope(await call(test.app, { url: DEV_CLOCK_PATH, token })).status_code).toBe(404);
    expect(
      envelope(await call(test.app, { method: "POST", url: DEV_CLOCK_PATH, token, body: { advance_days: 30 } }))
        .status_code,
    ).toBe(404);
    expect(test.app.printRoutes().includes("dev/clock")).toBe(false);
    expect(test.app.consoleContext.records.now()).toBe(before);
  });
});
