// Generation as a job through the real calls: the generate call queues a batch and answers at
// once; the job issues the codes by the rule in chunked transactions while other calls answer;
// progress, operator and time are on the batch; a rule that cannot make codes is refused before
// anything is written; a job a stop interrupted resumes at the next start without issuing twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app";
import { contract } from "../../../generated/contract.gen";
import { chainApp, type ChainApp } from "../../../test-fixtures/chain-app";
import { call, envelope, login } from "../../../test-fixtures/test-app";
import { hasValidCheck } from "../code-rules/check-characters";
import { CHUNK_CODES, generationJobs } from "./generation-job";

let chain: ChainApp;
let serial = 0;

async function order(rule: Record<string, unknown>, quantity: number): Promise<number> {
  serial += 1;
  const created = await chain.post("/api/tagging/coderules/add", {
    rule_code: `GJ${serial}`,
    rule_name: "任务规则",
    status: "enabled",
    ...rule,
  });
  expect(created.message).toBe("success");
  const made = await chain.post("/api/tagging/codeorders/add", {
    order_no: `GJO${serial}`,
    rule_id: created.data.id,
    quantity,
  });
  return made.data.id as number;
}
const segmentRule = {
  code_type: "item",
  kind: "segments",
  length: 20,
  charset: "alphanumeric",
  segments: "level + random:18 + check",
};
const batchOf = async (orderId: number) =>
  (await chain.all(`SELECT * FROM code_batches WHERE order_id = ? ORDER BY id DESC`, [orderId]))[0];

beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

describe("code_orders.generate as a job", () => {
  it("answers at once with the order generating and a queued batch; the job issues every code by the rule", async () => {
    const id = await order(segmentRule, 2 * CHUNK_CODES + 7);
    const answer = await chain.post("/api/tagging/codeorders/generate", { id });
    expect(answer.data).toMatchObject({ id, status: "generating" });
    expect(await batchOf(id)).toMatchObject({
      status: "queued",
      quantity: 2 * CHUNK_CODES + 7,
      succeeded: 0,
      failed: 0,
      operator: "admin",
    });
    await generationJobs(chain.app.consoleContext).idle();
    const batch = await batchOf(id);
    expect(batch).toMatchObject({
      status: "done",
      succeeded: 2 * CHUNK_CODES + 7,
      failed: 0,
      finished_at: expect.any(String),
    });
    const codes = (await chain.all(`SELECT code FROM trace_codes WHERE order_id = ? ORDER BY id`, [id])).map(
      (row) => row.code as string,
    );
    expect(codes).toHaveLength(2 * CHUNK_CODES + 7);
    expect(new Set(codes).size).toBe(codes.length);
    expect(
      codes.every((code) => code.length === 20 && code[0] === "1" && hasValidCheck("iso7064-mod37-36", code)),
    ).toBe(true);
    expect([batch.first_code, batch.last_code]).toEqual([codes[0], codes[codes.length - 1]]);
    // One issue event per chunk, naming every code once.
    const issued = await chain.all(
      `SELECT count(*) AS n FROM _ledger_event_codes WHERE code IN (SELECT code FROM trace_codes WHERE order_id = ?)`,
      [id],
    );
    expect(issued).toEqual([{ n: codes.length }]);
    expect(await chain.all(`SELECT status FROM code_orders WHERE id = ?`, [id])).toEqual([{ status: "generated" }]);
  });

  it("other calls answer while it runs: list calls return between chunks and show the batch part done", async () => {
    // The first chunk takes CHUNK_CODES codes, so any order larger than one chunk has a part-done
    // state to see; a dozen chunks keep the test short on PostgreSQL, where each is a round trip.
    const requested = CHUNK_CODES * 12;
    const id = await order(segmentRule, requested);
    await chain.post("/api/tagging/codeorders/generate", { id });
    const token = await login(chain.app, "admin");
    const seen: Record<string, unknown>[] = [];
    while (seen.at(-1)?.status !== "done" && seen.length < 100_000) {
      // inject() answers within one turn of the event loop; a real client's next call comes later.
      await new Promise((resolve) => setImmediate(resolve));
      const list = envelope(
        await call(chain.app, { url: "/api/tagging/codebatches/pagelist", query: { order_id: String(id) }, token }),
      );
      seen.push(list.data.list[0] as Record<string, unknown>);
    }
    const partial = seen.filter(
      (batch) =>
        batch.status === "running" && (batch.succeeded as number) > 0 && (batch.succeeded as number) < requested,
    );
    expect(partial.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({ status: "done", succeeded: requested, failed: 0 });
  });

  it("an SSCC rule issues sequential 18-digit SSCCs from the enterprise's prefix, continuing across orders", async () => {
    const rule = { code_type: "pallet", kind: "sscc", length: 18, charset: "numeric", extension_digit: "3" };
    const first = await order(rule, 3);
    await chain.post("/api/tagging/codeorders/generate", { id: first });
    await generationJobs(chain.app.consoleContext).idle();
    const ruleId = (await chain.all(`SELECT rule_id FROM code_orders WHERE id = ?`, [first]))[0].rule_id;
    const second = (
      await chain.post("/api/tagging/codeorders/add", { order_no: `GJO-S2`, rule_id: ruleId, quantity: 2 })
    ).data.id as number;
    await chain.post("/api/tagging/codeorders/generate", { id: second });
    await generationJobs(chain.app.consoleContext).idle();
    const codes = (
      await chain.all(`SELECT code FROM trace_codes WHERE order_id IN (?, ?) ORDER BY id`, [first, second])
    ).map((row) => row.code as string);
    expect(codes.map((code) => code.slice(0, 17))).toEqual(
      [0, 1, 2, 3, 4].map((n) => `36901234${String(n).padStart(9, "0")}`),
    );
    expect(codes.every((code) => /^\d{18}$/.test(code) && hasValidCheck("gs1-mod10", code))).toBe(true);
  });

  it("a rule that cannot make codes is refused before anything is written, naming why", async () => {
    const id = await order(segmentRule, 5);
    const ruleId = (await chain.all(`SELECT rule_id FROM code_orders WHERE id = ?`, [id]))[0].rule_id;
    // A rule broken behind the calls' back (the calls refuse such a shape): generation still refuses it.
    await chain.app.consoleContext.store.run(`UPDATE code_rules SET length = 25 WHERE id = ?`, [ruleId as number]);
    const before = await chain.snapshot();
    const batches = await chain.all(`SELECT * FROM code_batches ORDER BY id`);
    const answer = await chain.post("/api/tagging/codeorders/generate", { id });
    expect(answer).toMatchObject({ status_code: 400, data: null });
    expect(answer.message).toMatch(
      /^code rule GJ\d+ cannot make codes: the declared length is 25 but the segments add up to 20$/,
    );
    expect(await chain.snapshot()).toEqual(before);
    expect(await chain.all(`SELECT * FROM code_batches ORDER BY id`)).toEqual(batches);
  });
});

describe("restart", () => {
  const dir = mkdtempSync(join(tmpdir(), "codegen-job-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a job interrupted by a stop resumes at the next start and issues exactly what was requested", async () => {
    const dbFile = join(dir, "db.sqlite");
    const options = { contract, dbFile, seedAnchor: "2024-06-01", seedScale: 0.05, docs: false } as const;
    const first = await buildApp(options);
    const token = await login(first, "admin");
    const post = async (url: string, body: unknown) =>
      envelope(await call(first, { method: "POST", url, body, token }));
    const rule = await post("/api/tagging/coderules/add", {
      rule_code: "RS1",
      rule_name: "重启",
      status: "enabled",
      ...segmentRule,
    });
    const made = await post("/api/tagging/codeorders/add", {
      order_no: "RSO1",
      rule_id: rule.data.id,
      quantity: 4 * CHUNK_CODES,
    });
    await post("/api/tagging/codeorders/generate", { id: made.data.id });
    const store = first.consoleContext.store;
    while (
      !(await store.get<{ n: number }>(`SELECT succeeded AS n FROM code_batches WHERE order_id = ?`, [made.data.id]))!.n
    )
      await new Promise((resolve) => setImmediate(resolve));
    await first.close();

    const second = await buildApp(options);
    await second.ready();
    const stopped = (await second.consoleContext.store.get<Record<string, unknown>>(
      `SELECT status, succeeded FROM code_batches WHERE order_id = ?`,
      [made.data.id],
    ))!;
    expect(stopped.succeeded as number).toBeLessThan(4 * CHUNK_CODES);
    await generationJobs(second.consoleContext).idle();
    const rows = await second.consoleContext.store.all<{ code: string }>(
      `SELECT code FROM trace_codes WHERE order_id = ?`,
      [made.data.id],
    );
    expect(rows).toHaveLength(4 * CHUNK_CODES);
    expect(
      await second.consoleContext.store.get(`SELECT status, succeeded, failed FROM code_batches WHERE order_id = ?`, [
        made.data.id,
      ]),
    ).toEqual({
      status: "done",
      succeeded: 4 * CHUNK_CODES,
      failed: 0,
    });
    await second.close();
  }, 120_000);
});
