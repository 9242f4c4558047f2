// A graceful stop: /readyz answers 503 from its first moment, requests still answer while it drains,
// the generation job it ran gives its lease up with its batch still running (for another process to
// take at once), and then the app closes.
import { describe, expect, it } from "vitest";
import { chainApp } from "../test-fixtures/chain-app";
import { gracefulStop, drainMs } from "./graceful-stop";

describe("graceful stop", () => {
  it("drains with /readyz at 503, gives the running job's lease up, then closes", async () => {
    const chain = await chainApp();
    const { app } = chain;
    const rule = await chain.post("/api/tagging/coderules/add", {
      rule_code: "GS1",
      rule_name: "停止",
      status: "enabled",
      code_type: "item",
      kind: "segments",
      length: 20,
      charset: "alphanumeric",
      segments: "level + random:18 + check",
    });
    const order = await chain.post("/api/tagging/codeorders/add", {
      order_no: "GSO1",
      rule_id: rule.data.id,
      quantity: 50_000,
    });
    await chain.post("/api/tagging/codeorders/generate", { id: order.data.id });
    const progress = async () =>
      (await chain.all(`SELECT status, succeeded FROM code_batches WHERE order_id = ?`, [order.data.id]))[0];
    while (!Number((await progress()).succeeded)) await new Promise((resolve) => setImmediate(resolve));
    expect(await chain.all(`SELECT count(*) AS n FROM _job_leases`)).toEqual([{ n: 1 }]);

    const stopping = gracefulStop(app, 400);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = await app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ reason: "the server is stopping" });
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    // The lease is given up before the drain ends, the batch left running part done.
    expect(await chain.all(`SELECT count(*) AS n FROM _job_leases`)).toEqual([{ n: 0 }]);
    const left = await progress();
    expect(left.status).toBe("running");
    expect(Number(left.succeeded)).toBeLessThan(50_000);
    await stopping;
    await expect(app.inject({ url: "/healthz" })).rejects.toThrow();
  }, 60_000);

  it("DRAIN_SECONDS is read as seconds; anything else drains for no time", () => {
    expect(drainMs({ DRAIN_SECONDS: "5" })).toBe(5_000);
    expect(drainMs({})).toBe(0);
    expect(drainMs({ DRAIN_SECONDS: "soon" })).toBe(0);
    expect(drainMs({ DRAIN_SECONDS: "-2" })).toBe(0);
  });
});
