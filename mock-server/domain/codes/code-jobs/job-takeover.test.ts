// Generation jobs shared by several processes on one database, each process's runner played here by
// a GenerationJobs of its own owner over the same store: a job runs in one runner only; a runner
// that lost its lease (it stalled, or died) commits nothing more and another finishes the job with
// every code issued once; a runner that stops gives its jobs up at once; two jobs on one sequential
// rule in two runners never draw the same serial.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../../test-fixtures/chain-app";
import { GENERATION_JOB, GenerationJobs } from "./generation-job";

let chain: ChainApp;
let serial = 0;
const timing = { leaseMs: 60_000, pollMs: 60_000 };
const runner = (owner: string) => new GenerationJobs(chain.app.consoleContext, 200, timing, owner);

/** A code order of `quantity` on a new rule, queued for generation by the real call; its batch id. */
async function queued(rule: Record<string, unknown>, quantity: number): Promise<{ orderId: number; batchId: number }> {
  serial += 1;
  const created = await chain.post("/api/tagging/coderules/add", {
    rule_code: `TK${serial}`,
    rule_name: "接管",
    status: "enabled",
    ...rule,
  });
  const orderId = (
    await chain.post("/api/tagging/codeorders/add", { order_no: `TKO${serial}`, rule_id: created.data.id, quantity })
  ).data.id as number;
  // The request's own runner is the app's; the tests run the job on their runners instead.
  await chain.app.consoleContext.store.run(`UPDATE code_orders SET status = 'generating' WHERE id = ?`, [orderId]);
  const batchId = (
    await chain.all(
      `INSERT INTO code_batches (batch_no, order_id, rule_id, code_type, quantity, status, succeeded, failed)
       VALUES (?, ?, ?, ?, ?, 'queued', 0, 0) RETURNING id`,
      [`TKB${serial}`, orderId, created.data.id, rule.code_type, quantity],
    )
  )[0].id as number;
  return { orderId, batchId };
}
const randomRule = {
  code_type: "item",
  kind: "segments",
  length: 20,
  charset: "alphanumeric",
  segments: "level + random:18 + check",
};
const ssccRule = { code_type: "pallet", kind: "sscc", length: 18, charset: "numeric", extension_digit: "3" };
const succeeded = async (batchId: number) =>
  Number((await chain.all(`SELECT succeeded FROM code_batches WHERE id = ?`, [batchId]))[0].succeeded);
const codesOf = async (orderId: number) =>
  (await chain.all(`SELECT code FROM trace_codes WHERE order_id = ? ORDER BY id`, [orderId])).map(
    (row) => row.code as string,
  );
const turn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

describe("generation jobs across processes", () => {
  it("a runner whose lease expired stops; another takes the job over and issues every code once", async () => {
    // Large enough that the job is still running when its lease is taken: a chunk holds at most 10,000.
    const quantity = 30_000;
    const { orderId, batchId } = await queued(randomRule, quantity);
    const [a, b] = [runner("a"), runner("b")];
    expect(await a.resumeInterrupted()).toEqual([batchId]);
    // Nobody else may take it while a holds it.
    expect(await b.resumeInterrupted()).toEqual([]);
    while ((await succeeded(batchId)) === 0) await turn();
    // a stalled past its lease and a process since dead took the job over: a's next chunk finds the
    // lease gone (a live a would renew a heartbeat merely set back), and the lease is as free as a
    // dead process's.
    await chain.app.consoleContext.store.run(
      `UPDATE _job_leases SET owner = 'dead', heartbeat_at = 0 WHERE job_kind = ? AND job_id = ?`,
      [GENERATION_JOB, String(batchId)], // ids are text in the lease row
    );
    expect(await b.resumeInterrupted()).toEqual([batchId]);
    await Promise.all([a.idle(), b.idle()]);
    expect(await succeeded(batchId)).toBe(quantity);
    const codes = await codesOf(orderId);
    expect(codes).toHaveLength(quantity);
    expect(new Set(codes).size).toBe(quantity);
    const events = await chain.all(
      `SELECT count(*) AS n, count(DISTINCT code) AS distinct_codes FROM _ledger_event_codes WHERE code IN (SELECT code FROM trace_codes WHERE order_id = ?)`,
      [orderId],
    );
    expect(events).toEqual([{ n: quantity, distinct_codes: quantity }]);
    expect(await chain.all(`SELECT status FROM code_batches WHERE id = ?`, [batchId])).toEqual([{ status: "done" }]);
    expect(await chain.all(`SELECT * FROM _job_leases WHERE job_id = ?`, [String(batchId)])).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  }, 120_000);

  it("a runner that stops gives its job up at once, and another resumes it from the stored progress", async () => {
    const quantity = 3_000;
    const { orderId, batchId } = await queued(randomRule, quantity);
    const [a, b] = [runner("a2"), runner("b2")];
    await a.resumeInterrupted();
    while ((await succeeded(batchId)) === 0) await turn();
    await a.close();
    const left = await succeeded(batchId);
    expect(left).toBeLessThan(quantity);
    expect(await b.resumeInterrupted()).toEqual([batchId]);
    await b.idle();
    expect(await codesOf(orderId)).toHaveLength(quantity);
    await b.close();
  });

  it("two jobs on one SSCC rule in two runners at once draw each serial once", async () => {
    const first = await queued(ssccRule, 1_500);
    const ruleId = (await chain.all(`SELECT rule_id FROM code_orders WHERE id = ?`, [first.orderId]))[0].rule_id;
    serial += 1;
    const secondOrder = (
      await chain.post("/api/tagging/codeorders/add", { order_no: `TKO${serial}`, rule_id: ruleId, quantity: 1_500 })
    ).data.id as number;
    const secondBatch = (
      await chain.all(
        `INSERT INTO code_batches (batch_no, order_id, rule_id, code_type, quantity, status, succeeded, failed)
         VALUES (?, ?, ?, 'pallet', 1500, 'queued', 0, 0) RETURNING id`,
        [`TKB${serial}`, secondOrder, ruleId],
      )
    )[0].id as number;
    const [a, b] = [runner("a3"), runner("b3")];
    a.start(first.batchId);
    b.start(secondBatch);
    await Promise.all([a.idle(), b.idle()]);
    const statuses = await chain.all(`SELECT status FROM code_batches WHERE id IN (?, ?)`, [
      first.batchId,
      secondBatch,
    ]);
    expect(statuses).toEqual([{ status: "done" }, { status: "done" }]);
    const serials = [...(await codesOf(first.orderId)), ...(await codesOf(secondOrder))].map((code) =>
      code.slice(8, 17),
    );
    expect(new Set(serials).size).toBe(3_000);
    expect(serials.map(Number).sort((x, y) => x - y)).toEqual(Array.from({ length: 3_000 }, (_, n) => n));
    await Promise.all([a.close(), b.close()]);
  });
});
