// Domain actions: when/set, the reset-password handler, collection scope. (generate-codes runs on
// the real contract's code rules and batches: domain/codes/code-jobs/generation-job.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import { buildApp } from "../app";
import { INITIAL_PASSWORD } from "../options";

let app: FastifyInstance;
let token: string;
const post = (url: string, body: unknown, as = token) =>
  call(app, { method: "POST", url, token: as, body }).then(envelope);

beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "admin");
});
afterAll(() => app.close());

async function newOrder(quantity = 25) {
  const product = (await app.consoleContext.store.get<{ id: number }>('SELECT id FROM "products" LIMIT 1'))!;
  const body = await post("/api/tagging/orders/add", {
    order_no: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    product_id: product.id,
    quantity,
    status: "draft",
  });
  expect(body.code).toBe(0);
  return body.data as { id: number; product_id: number };
}

describe("row actions with when/set", () => {
  it("applies set and answers the updated record", async () => {
    const order = await newOrder();
    expect((await post("/api/tagging/orders/submit", { id: order.id })).data).toMatchObject({
      id: order.id,
      status: "submitted",
    });
  });

  it("refuses when the record's state does not allow it: 409 40902", async () => {
    const order = await newOrder();
    const body = await post("/api/tagging/orders/generate", { id: order.id });
    expect(body).toMatchObject({
      status_code: 409,
      code: 40902,
      message: "action generate does not apply: status is draft",
    });
  });

  it("refuses unknown fields and missing ids", async () => {
    expect((await post("/api/tagging/orders/submit", { id: 1, status: "closed" })).message).toBe(
      "status: unknown field",
    );
    expect((await post("/api/tagging/orders/submit", {})).message).toBe("id: is required");
  });
});

describe("collection actions", () => {
  it("applies set to every row matching when", async () => {
    await newOrder();
    const drafts = (await app.consoleContext.store.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM "code_orders" WHERE status = 'draft'`,
    ))!.n;
    expect(drafts).toBeGreaterThan(0);
    const body = await post("/api/tagging/orders/closedrafts", {});
    expect(body.data).toEqual({ updated: drafts });
    expect(
      (await app.consoleContext.store.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM "code_orders" WHERE status = 'draft'`,
      ))!.n,
    ).toBe(0);
  });
});

describe("reset-password", () => {
  it("sets the given password, or the initial one, and ends the account's sessions", async () => {
    const editor = (await app.consoleContext.store.get<{ id: number }>(
      `SELECT id FROM "employees" WHERE account_name = 'editor'`,
    ))!;
    const editorToken = await login(app, "editor");
    const body = await post("/api/org/employees/resetpassword", { id: editor.id, new_password: "n3w-secret" });
    expect(body.code).toBe(0);
    expect(JSON.stringify(body.data)).not.toContain("n3w-secret");
    expect((await call(app, { url: "/api/org/menutree/selectedlist", token: editorToken }).then(envelope)).code).toBe(
      50012,
    );
    await expect(login(app, "editor")).rejects.toThrow();
    await login(app, "editor", "n3w-secret");
    await post("/api/org/employees/resetpassword", { id: editor.id });
    await login(app, "editor", INITIAL_PASSWORD);
  });

  it("refuses a too short password", async () => {
    const body = await post("/api/org/employees/resetpassword", { id: 1, new_password: "123" });
    expect(body.message).toBe("new_password: must have at least 6 characters");
  });
});

describe("handler registry", () => {
  it("an unknown handler is a start-up error", async () => {
    const broken = {
      ...fixtureContract,
      resources: fixtureContract.resources.map((resource) =>
        resource.name === "code_orders"
          ? { ...resource, actions: [{ ...resource.actions[0], handler: "no-such-rule" }] }
          : resource,
      ),
    };
    await expect(buildApp({ contract: broken, dbFile: ":memory:", seed: false, docs: false })).rejects.toThrow(
      /code_orders\.submit: unknown action handler "no-such-rule"/,
    );
  });
});
