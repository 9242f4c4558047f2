// /healthz answers while the process lives; /readyz only while the database answers and the server
// is not stopping, so a balancer sends traffic elsewhere during a database outage.
import { afterEach, describe, expect, it } from "vitest";
import { fixtureApp, type TestApp } from "../test-fixtures/test-app";
import { startDraining } from "./health-routes";

let served: TestApp | undefined;
afterEach(async () => {
  await served?.app.close().catch(() => undefined);
  served = undefined;
});

describe("health and readiness", () => {
  it("both answer 200 without a session while the database answers", async () => {
    served = await fixtureApp();
    const health = await served.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await served.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready" });
  });

  it("readiness answers 503 once the database cannot answer, while liveness still answers 200", async () => {
    served = await fixtureApp();
    const store = served.app.consoleContext.store;
    await store.close();
    const ready = await served.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers["retry-after"]).toBe("1");
    expect(ready.json()).toEqual({ status: "unavailable", reason: "the database did not answer" });
    expect((await served.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });

  it("readiness answers 503 once the server is draining, while liveness still answers", async () => {
    served = await fixtureApp();
    startDraining(served.app);
    const ready = await served.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", reason: "the server is stopping" });
    expect((await served.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });
});
