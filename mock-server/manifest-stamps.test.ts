// The real manifest's stamps (x-stamp, action stamp) on the generated contract: who and when come
// from the server on the console's own writes, and the seeded history looks the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { contract } from "./generated/contract.gen";
import { generationJobs } from "./domain/codes/code-jobs/generation-job";
import { call, envelope, login } from "./test-fixtures/test-app";

const NOW = "2024-06-01T10:00:00Z";
let app: FastifyInstance;
let admin: string;
const post = async (url: string, body: unknown) =>
  envelope(await call(app, { method: "POST", url, body, token: admin }));
const rows = async (sql: string, params: unknown[] = []) =>
  await app.consoleContext.store.all<Record<string, unknown>>(sql, params as never[]);

beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedAnchor: "2024-06-01",
    clock: () => Date.parse(NOW),
    docs: false,
  });
  admin = await login(app, "admin");
}, 60_000);
afterAll(() => app.close());

describe("the manifest's stamps", () => {
  it("an unlink made in the console names its operator and time", async () => {
    // onCreate unlink-packaging: only a packed code can be unlinked; the log keeps its package.
    // A code still in stock: the seed ships some packages, and what has left cannot be unpacked here.
    const packed = (
      await rows(
        `SELECT l.child_code, l.parent_code, l.level FROM "packaging_links" l JOIN "trace_codes" c ON c.code = l.child_code WHERE c.status = 'packed' ORDER BY l.id LIMIT 1`,
      )
    )[0];
    const body = await post("/api/plant/packagingunlinks/add", { code: packed.child_code, reason: "标签破损" });
    expect(body.data).toMatchObject({
      operator: "admin",
      unlinked_at: NOW,
      parent_code: packed.parent_code,
      level: packed.level,
    });
  });

  it("finishing a task stamps finished_at; handling a warning stamps handled_by", async () => {
    const task = (await rows(`SELECT id FROM "tasks" WHERE status = 'running' LIMIT 1`))[0];
    expect((await post("/api/plant/tasks/finish", { id: task.id })).data).toMatchObject({
      status: "done",
      finished_at: NOW,
    });
    const warning = (await rows(`SELECT id FROM "consumer_warnings" WHERE status = 'pending' LIMIT 1`))[0];
    expect((await post("/api/inspect/consumerwarnings/handle", { id: warning.id })).data).toMatchObject({
      status: "handled",
      handled_by: "admin",
    });
  });

  it("generating codes stamps the order's generated_at and the code batch's operator and time", async () => {
    const order = (await rows(`SELECT id FROM "code_orders" WHERE status = 'pending' AND quantity <= 5000 LIMIT 1`))[0];
    // Generation is a job: the answer is the order, generating; the job finishes it.
    expect((await post("/api/tagging/codeorders/generate", { id: order.id })).data).toMatchObject({
      status: "generating",
      generated_at: NOW,
    });
    const [batch] = await rows(
      `SELECT operator, generated_at FROM "code_batches" WHERE order_id = ? ORDER BY id DESC LIMIT 1`,
      [order.id],
    );
    expect(batch).toEqual({ operator: "admin", generated_at: NOW });
    await generationJobs(app.consoleContext).idle();
    expect(await rows(`SELECT status FROM "code_orders" WHERE id = ?`, [order.id])).toEqual([{ status: "generated" }]);
  });

  it("seeded history: operators are seeded accounts, creation stamps equal created_at, action stamps only where the action ran", async () => {
    const accounts = new Set((await rows(`SELECT account_name FROM "employees"`)).map((row) => row.account_name));
    const links = await rows(`SELECT operator, linked_at, created_at FROM "packaging_links" LIMIT 200`);
    expect(links.every((row) => accounts.has(row.operator) && row.linked_at === row.created_at)).toBe(true);
    const tasks = await rows(
      `SELECT status, finished_at FROM "tasks" WHERE finished_at IS NOT NULL AND status <> 'done'`,
    );
    expect(tasks).toEqual([]);
    // generate has no set (its handler moves the order on): stamped only where the order left pending.
    expect(await rows(`SELECT id FROM "code_orders" WHERE status = 'pending' AND generated_at IS NOT NULL`)).toEqual(
      [],
    );
    expect(
      (await rows(`SELECT id FROM "code_orders" WHERE status = 'generated' AND generated_at IS NOT NULL`)).length,
    ).toBeGreaterThan(0);
    const warnings = await rows(`SELECT status, handled_by FROM "consumer_warnings"`);
    expect(warnings.every((row) => (row.status === "pending") === (row.handled_by === null))).toBe(true);
    expect(warnings.filter((row) => row.handled_by !== null).every((row) => accounts.has(row.handled_by))).toBe(true);
  });
});
