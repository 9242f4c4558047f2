// Route validators compile on a route's first call, and every schema of the real
// contract still compiles: a schema ajv refuses fails this test, not a user's call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { call, envelope, login } from "../test-fixtures/test-app";
import { compilePendingValidators } from "./validator-compilers";

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  compilePendingValidators(); // what earlier apps of this process left waiting
  app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedAnchor: "2024-06-01",
    clock: () => Date.parse("2024-06-01T10:00:00Z"),
  });
  admin = await login(app, "admin");
}, 60_000);
afterAll(() => app.close());

describe("validators compiled on first call", () => {
  it("a route's first call validates as strictly as ever", async () => {
    const list = contract.resources.find((resource) => resource.name === "employees")!.endpoints.list!;
    const refused = envelope(await call(app, { method: "GET", url: `${list.path}?page=abc`, token: admin }));
    expect(refused.code).not.toBe(0);
    expect(refused.message).toMatch(/page/);
    const answered = envelope(await call(app, { method: "GET", url: `${list.path}?page=1`, token: admin }));
    expect(answered.code, answered.message).toBe(0);
  });

  it("start leaves the routes nobody called uncompiled, and every one of them compiles", () => {
    // Eager compilation would leave nothing waiting here.
    expect(compilePendingValidators()).toBeGreaterThan(100);
    expect(compilePendingValidators()).toBe(0);
  });
});
