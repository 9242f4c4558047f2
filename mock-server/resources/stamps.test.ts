// manifest x-stamp and action stamp on the server: a create stamps the app clock and the caller's
// account_name, a client cannot send a stamped field, actions stamp with their set, and a refused
// action stamps nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { chainApp } from "../test-fixtures/chain-app";
import { stampContract } from "../test-fixtures/stamp-contract.fixture";
import { call, envelope, fixtureApp, login, type TestClock } from "../test-fixtures/test-app";
import { DEFAULT_SESSION_TTL_MS } from "../options";

let app: FastifyInstance;
let clock: TestClock;
let admin: string;
let editor: string;
const post = (url: string, body: unknown, token = admin) =>
  call(app, { method: "POST", url, body, token }).then(envelope);
const row = async (table: string, id: number) =>
  (await app.consoleContext.store.get<Record<string, unknown>>(`SELECT * FROM "${table}" WHERE id = ?`, [id]))!;
const count = async (table: string) =>
  (await app.consoleContext.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`))!.n;
/** Moves the app clock (within the sessions' 12 hours) and answers the ISO time the server will write. */
const at = (iso: string) => {
  clock.now = Date.parse(iso);
  return iso;
};

beforeAll(async () => {
  // The clock jumps hours between calls: the session idle timeout is tested elsewhere.
  ({ app, clock } = await fixtureApp({ contract: stampContract, sessionIdleMs: DEFAULT_SESSION_TTL_MS }));
  admin = await login(app, "admin");
  editor = await login(app, "editor");
});
afterAll(() => app.close());

describe("x-stamp on create", () => {
  it("writes the app clock and the caller's account_name", async () => {
    const now = at("2024-06-01T10:05:00Z");
    const body = await post("/api/plant/codeunlinks/add", { code: "STAMP0001", reason: "破损" });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ operator: "admin", unlinked_at: now, created_at: now });
    expect(await row("code_unlinks", body.data.id)).toMatchObject({ operator: "admin", unlinked_at: now });
  });

  it("names whoever calls, not a fixed account", async () => {
    const now = at("2024-06-01T10:10:00Z");
    const body = await post("/api/plant/codeunlinks/add", { code: "STAMP0002" }, editor);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ operator: "editor", unlinked_at: now });
  });

  it("refuses a client's value for a stamped field, on create and on update, and writes nothing", async () => {
    const before = await count("code_unlinks");
    const forged = await post("/api/plant/codeunlinks/add", { code: "STAMP0003", operator: "someone_else" });
    expect(forged).toMatchObject({ status_code: 400, code: 40000, message: "operator: unknown field" });
    const backdated = await post("/api/plant/codeunlinks/add", {
      code: "STAMP0003",
      unlinked_at: "2020-01-01T00:00:00Z",
    });
    expect(backdated).toMatchObject({ status_code: 400, message: "unlinked_at: unknown field" });
    expect(await count("code_unlinks")).toBe(before);

    const created = (await post("/api/plant/codeunlinks/add", { code: "STAMP0004" })).data;
    const rewrite = await post("/api/plant/codeunlinks/update", { id: created.id, operator: "someone_else" });
    expect(rewrite).toMatchObject({ status_code: 400, message: "operator: unknown field" });
    expect((await row("code_unlinks", created.id)).operator).toBe("admin");
  });

  it("does not stamp again on update", async () => {
    const made = at("2024-06-01T10:15:00Z");
    const created = (await post("/api/plant/codeunlinks/add", { code: "STAMP0005" })).data;
    at("2024-06-01T11:30:00Z");
    const updated = await post("/api/plant/codeunlinks/update", { id: created.id, reason: "补录" }, admin);
    expect(updated.data).toMatchObject({ operator: "admin", unlinked_at: made, updated_at: "2024-06-01T11:30:00Z" });
  });
});

describe("action stamp", () => {
  async function draftOrder() {
    const product = (await app.consoleContext.store.get<{ id: number }>('SELECT id FROM "products" LIMIT 1'))!;
    const order_no = `ST-${Math.random().toString(36).slice(2, 10)}`;
    const body = await post("/api/tagging/orders/add", {
      order_no,
      product_id: product.id,
      quantity: 3,
      status: "draft",
    });
    expect(body.code).toBe(0);
    return body.data as { id: number };
  }

  it("a row action writes its stamps with its set", async () => {
    const order = await draftOrder();
    const now = at("2024-06-01T12:05:00Z");
    const body = await post("/api/tagging/orders/submit", { id: order.id });
    expect(body.data).toMatchObject({ status: "submitted", submitted_by: "admin", submitted_at: now, updated_at: now });
  });

  it("stamps beside a handler (the real code_orders.generate): the order's generated_at, and the batch its job writes stamps its own create", async () => {
    // The fixture's orders have no code rule; generation needs one, so this runs on the manifest.
    const chain = await chainApp();
    try {
      chain.clock.now = Date.parse("2024-06-01T08:05:00Z"); // within the session's idle time
      const { orderId, batchId } = await chain.generated("item", 3);
      expect((await chain.all(`SELECT generated_at FROM code_orders WHERE id = ?`, [orderId]))[0]).toEqual({
        generated_at: "2024-06-01T08:05:00Z",
      });
      expect(
        (await chain.all(`SELECT quantity, operator, created_at FROM code_batches WHERE id = ?`, [batchId]))[0],
      ).toEqual({
        quantity: 3,
        operator: "admin",
        created_at: "2024-06-01T08:05:00Z",
      });
    } finally {
      await chain.app.close();
    }
  });

  it("a refused action (when does not match) stamps nothing", async () => {
    const order = await draftOrder();
    const before = await row("code_orders", order.id);
    at("2024-06-01T14:00:00Z");
    const body = await post("/api/tagging/orders/generate", { id: order.id });
    expect(body).toMatchObject({ status_code: 409, code: 40902 });
    expect(await row("code_orders", order.id)).toEqual(before);
    expect(before).toMatchObject({ generated_at: null, submitted_by: null });
  });

  it("a collection action stamps every row it changes, and only those", async () => {
    const draft = await draftOrder();
    const submitted = await draftOrder();
    await post("/api/tagging/orders/submit", { id: submitted.id });
    const now = at("2024-06-01T16:20:00Z");
    const body = await post("/api/tagging/orders/closedrafts", {});
    expect(body.data.updated).toBeGreaterThan(0);
    expect(await row("code_orders", draft.id)).toMatchObject({ status: "closed", closed_at: now });
    expect(await row("code_orders", submitted.id)).toMatchObject({ status: "submitted", closed_at: null });
  });
});
