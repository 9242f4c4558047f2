// Capture jobs shared by several processes on one database, each process's runner played here by a
// CaptureJobs of its own owner over the same store (as job-takeover.test.ts does for generation): a
// job whose lease is live is left alone by another process (a process starting does not fail it);
// once the lease has expired another takes it over and finishes it, each event stored once and
// reported as the first run would have; a runner that lost its lease mid-document commits nothing
// more; a job that cannot be run again (no document kept) ends failed with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../../test-fixtures/logistics-stock";
import { epcisDocument, observed, partnerAccount, uriOf } from "../../../test-fixtures/epcis-partner";
import { login } from "../../../test-fixtures/test-app";
import { clientPaths, partnerClient } from "../../../test-fixtures/partner-client";
import { EPCIS_CAPTURE_PERMISSION } from "../../../epcis/capture-routes";
import { JobLeases } from "../../../jobs/job-leases";
import { captureDocument } from "./capture-document";
import { createCaptureJob } from "./capture-job";
import { captorOf, type Captor } from "./captor";
import { captureJobReport } from "./capture-report";
import { CAPTURE_JOB, CaptureJobs } from "./capture-jobs";

// The app's own runner must not take the tests' jobs over: it polls once an hour here.
process.env.JOB_POLL_MS = String(3_600_000);

let chain: ChainApp;
let stock: Stock;
let captor: Captor;
const timing = { leaseMs: 60_000, pollMs: 3_600_000 };
const failures: unknown[] = [];
const runner = (owner: string) =>
  new CaptureJobs(chain.app.consoleContext, (error) => failures.push(error), timing, owner);

const now = () => new Date(chain.clock.now).toISOString().replace(".000Z", "Z");
const report = (id: string) => captureJobReport(chain.app.consoleContext, id, "en");
const outcomes = async (id: string) =>
  ((await report(id))["tc:events"] as { outcome: string }[]).map((event) => event.outcome);
const jobRow = async (id: string) =>
  (await chain.all(`SELECT running, document IS NULL AS dropped FROM _epcis_capture_jobs WHERE id = ?`, [id]))[0] as {
    running: number;
    dropped: number | boolean;
  };
const leaseOf = async (id: string) =>
  chain.all(`SELECT owner FROM _job_leases WHERE job_kind = ? AND job_id = ?`, [CAPTURE_JOB, id]);
/** The holder died: its lease names a process that no longer renews it. */
const expire = (id: string) =>
  chain.app.consoleContext.store.run(
    `UPDATE _job_leases SET owner = 'dead', heartbeat_at = 0 WHERE job_kind = ? AND job_id = ?`,
    [CAPTURE_JOB, id],
  );
const storedOnce = async (id: string) =>
  Number((await chain.all(`SELECT count(*) AS n FROM _epcis_captured_events WHERE capture_id = ?`, [id]))[0].n);

beforeAll(async () => {
  chain = await chainApp();
  stock = await logisticsStock(chain);
  const dealer = stock.dealers[0];
  const waybill = await draftWaybill(chain, stock, dealer);
  for (const code of [stock.I[7], stock.I[8], stock.I[9]])
    expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: waybill.id })).code).toBe(0);
  const admin = await login(chain.app, "admin");
  await partnerAccount(chain.app, admin, "dealer_t", {
    accountType: "dealer",
    dealerId: dealer,
    menus: [EPCIS_CAPTURE_PERMISSION],
  });
  const [account] = await chain.all(`SELECT id FROM employees WHERE account_name = 'dealer_t'`);
  captor = await captorOf(chain.app.consoleContext, Number(account.id));
}, 120_000);
afterAll(() => chain.app.close());

describe("capture jobs across processes", () => {
  it("a job whose lease is live is left alone; once it expires another process finishes it", async () => {
    const [uri] = await uriOf(chain.app, [stock.I[7]]);
    const document = captureDocument(epcisDocument([observed("receiving", [uri], now())]));
    const ctx = chain.app.consoleContext;
    // Process a made the job and holds its lease (it is running the job, slowly).
    const id = await ctx.store.transaction(async () => {
      const id = await createCaptureJob(ctx, captor, document, "rollback");
      expect(await new JobLeases(ctx.store, "a", timing.leaseMs).claim(CAPTURE_JOB, id)).toBe(true);
      return id;
    });
    // Process b starts (or polls): the live job is not its to run, nor to fail.
    const b = runner("b");
    expect(await b.resumeInterrupted()).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ running: 1 });
    expect(await report(id)).toMatchObject({ running: true });
    expect(await leaseOf(id)).toEqual([{ owner: "a" }]);
    // a died: b takes the job over and runs the document it kept.
    await expire(id);
    expect(await b.resumeInterrupted()).toEqual([id]);
    await b.idle();
    expect(await report(id)).toMatchObject({ running: false, success: true, errors: [] });
    expect(await outcomes(id)).toEqual(["captured"]);
    expect(await storedOnce(id)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ running: 0 });
    expect(Boolean((await jobRow(id)).dropped)).toBe(true);
    expect(await leaseOf(id)).toEqual([]);
    await b.close();
  });

  it("a runner that lost its lease mid-document commits no more; the next finishes it, each event stored once", async () => {
    const uris = await uriOf(chain.app, [stock.I[8], stock.I[9]]);
    // Two events that pass, then enough refused ones (unknown codes) that a is still at work when its lease goes.
    const unknown = Array.from({ length: 400 }, (_, n) => `urn:epc:id:sgtin:0614141.107346.UNKNOWN${n}`);
    const events = [
      observed("receiving", [uris[0]], now()),
      observed("receiving", [uris[1]], now()),
      ...unknown.map((epc) => observed("receiving", [epc], now())),
    ];
    const [a, b] = [runner("a2"), runner("b2")];
    const id = await a.create(captor, captureDocument(epcisDocument(events)), "proceed");
    while ((await storedOnce(id)) < 2) await new Promise((resolve) => setImmediate(resolve));
    await expire(id);
    await a.idle();
    // a stopped at its next event: the job is still running, nothing of a's recorded as its results.
    expect(await jobRow(id)).toMatchObject({ running: 1 });
    expect(await b.resumeInterrupted()).toEqual([id]);
    await b.idle();
    const job = await report(id);
    expect(job).toMatchObject({ running: false, success: false });
    expect((job.errors as { detail: string }[]).every((error) => error.detail.includes("names no code"))).toBe(true);
    // The events a captured are reported captured (not duplicates of themselves), and stored once.
    expect(await outcomes(id)).toEqual(["captured", "captured", ...unknown.map(() => "refused")]);
    expect(await storedOnce(id)).toBe(2);
    const ledger = await chain.all(
      `SELECT count(*) AS n FROM _ledger_event_codes WHERE code IN (?, ?) AND event_id IN (SELECT event_id FROM _epcis_captured_events WHERE capture_id = ?)`,
      [stock.I[8], stock.I[9], id],
    );
    expect(Number(ledger[0].n)).toBe(2);
    expect(failures).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  }, 60_000);

  it("a job that cannot be run again (no document kept) ends failed with the reason", async () => {
    const ctx = chain.app.consoleContext;
    const document = captureDocument(epcisDocument([]));
    const id = await createCaptureJob(ctx, captor, document, "rollback");
    // A job made before jobs kept their document, whose process died.
    await ctx.store.run(`UPDATE _epcis_capture_jobs SET document = NULL WHERE id = ?`, [id]);
    const b = runner("b3");
    expect(await b.resumeInterrupted()).toEqual([id]);
    await b.idle();
    expect(await report(id)).toMatchObject({
      running: false,
      success: false,
      errors: [{ detail: expect.stringContaining("the server stopped while the capture ran") }],
    });
    expect(await leaseOf(id)).toEqual([]);
    await b.close();
  });

  it("a partner client's job is taken over as the client; once its key is revoked the job ends failed with the reason", async () => {
    const ctx = chain.app.consoleContext;
    const client = await partnerClient(chain, "dealer_t_system", {
      kind: "dealer",
      dealerId: stock.dealers[0],
      capture: true,
    });
    const clientCaptor = await captorOf(ctx, -client.id);
    expect(clientCaptor).toMatchObject({ accountId: -client.id, account: "dealer_t_system" });
    expect(clientCaptor.dealer?.id).toBe(stock.dealers[0]);
    const [uri] = await uriOf(chain.app, [stock.I[9]]);
    const taken = await createCaptureJob(
      ctx,
      clientCaptor,
      captureDocument(epcisDocument([observed("retail_selling", [uri], now())])),
      "rollback",
    );
    const b = runner("b4");
    expect(await b.resumeInterrupted()).toEqual([taken]);
    await b.idle();
    expect(await report(taken)).toMatchObject({ running: false, success: true });
    expect(await outcomes(taken)).toEqual(["captured"]);

    const orphan = await createCaptureJob(ctx, clientCaptor, captureDocument(epcisDocument([])), "rollback");
    expect((await chain.post(clientPaths.revokeKey, { id: client.id })).code).toBe(0);
    expect(await b.resumeInterrupted()).toEqual([orphan]);
    await b.idle();
    expect(await report(orphan)).toMatchObject({
      running: false,
      success: false,
      errors: [{ detail: expect.stringContaining("may not capture now") }],
    });
    await b.close();
  });
});
