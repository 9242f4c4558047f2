// The console's capture jobs (manifest epcis_capture_jobs, a view of the server's table): each job
// with who sent it (a partner client or a staff account), the dealer it was captured for, its state
// and its events accepted, refused and rolled back, newest first, filtered by partner and state;
// its detail lists each refused event's index, eventID and hash with the reason the interface's own
// report gives, in the reader's language. Staff need the list's menu to read it; an account acting
// for a dealer reads only that dealer's jobs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { logisticsStock, draftWaybill, type Stock } from "../test-fixtures/logistics-stock";
import {
  capture,
  epcisDocument,
  observed,
  partnerAccount,
  uriOf,
  type CaptureJob,
} from "../test-fixtures/epcis-partner";
import { partnerClient, type IssuedClient } from "../test-fixtures/partner-client";
import { call, envelope, login } from "../test-fixtures/test-app";
import { privateUri } from "../domain/epcis/epcis-identifiers";
import { grantsOfRole, replaceRoleGrants } from "../org/role-grants";
import { EPCIS_CAPTURE_PERMISSION } from "./capture-routes";
import { createCaptureTables } from "../domain/epcis/capture/capture-tables";

const LIST = "/api/org/epciscapturejobs";
const UNKNOWN_EVENT_ID = "urn:uuid:6a3c0e0f-2f1d-4d0b-9a55-0c1f1e2d3c4b";

let chain: ChainApp;
let stock: Stock;
let admin: string;
let dealerClient: IssuedClient;
/** Dealer A's account's job (one accepted, one refused, proceed), dealer B's client's (accepted), the brand's (refused). */
const jobs = { dealerA: "", clientB: "", brand: "" };
const reports: Record<string, CaptureJob & { finishedAt: string }> = {};

const now = () => new Date(chain.clock.now).toISOString().replace(".000Z", "Z");
const get = async (url: string, query: Record<string, string> = {}, token = admin, language?: string) =>
  envelope(await call(chain.app, { url, query, token, language }));
const listed = async (query: Record<string, string> = {}, token = admin) =>
  ((await get(`${LIST}/pagelist`, query, token)).data.list as { id: string }[]).map((row) => row.id);
const ours = (ids: readonly string[]) => ids.filter((id) => Object.values(jobs).includes(id));

async function shipped(dealer: number, codes: readonly string[]) {
  const waybill = await draftWaybill(chain, stock, dealer);
  for (const code of codes)
    expect((await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code })).code).toBe(0);
  expect((await chain.post("/api/physical/waybills/ship", { id: waybill.id })).code).toBe(0);
}

/** Captures `document` with a partner client's key and waits for its job's report. */
async function captureAsClient(key: string, document: unknown): Promise<CaptureJob> {
  const headers = { authorization: `Bearer ${key}` };
  const accepted = await chain.app.inject({
    method: "POST",
    url: "/epcis/capture",
    headers: { ...headers, "content-type": "application/ld+json" },
    payload: JSON.stringify(document),
  });
  expect(accepted.statusCode, accepted.body).toBe(202);
  for (;;) {
    const report = await chain.app.inject({ url: String(accepted.headers.location), headers });
    const job = report.json<CaptureJob>();
    if (!job.running) return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  chain = await chainApp();
  stock = await logisticsStock(chain);
  const [a, b] = stock.dealers;
  await shipped(a, [stock.I[7]]);
  await shipped(b, [stock.I[8]]);
  admin = await login(chain.app, "admin");
  const [ofA, ofB] = await uriOf(chain.app, [stock.I[7], stock.I[8]]);
  const dealerA = await partnerAccount(chain.app, admin, "jobs_dealer_a", {
    accountType: "dealer",
    dealerId: a,
    menus: [EPCIS_CAPTURE_PERMISSION],
  });
  chain.clock.now += 1000;
  const first = await capture(
    chain.app,
    dealerA,
    epcisDocument([
      observed("receiving", [ofA], now()),
      observed("receiving", [privateUri("code", "NO-SUCH-CODE")], now(), { eventID: UNKNOWN_EVENT_ID }),
    ]),
    { "GS1-Capture-Error-Behaviour": "proceed" },
  );
  jobs.dealerA = first.captureID;
  dealerClient = await partnerClient({ post: (url, body) => chain.post(url, body) }, "jobs-dealer-b", {
    kind: "dealer",
    dealerId: b,
    capture: true,
  });
  chain.clock.now += 1000;
  jobs.clientB = (
    await captureAsClient(dealerClient.key, epcisDocument([observed("receiving", [ofB], now())]))
  ).captureID;
  chain.clock.now += 1000;
  const brand = await capture(
    chain.app,
    admin,
    epcisDocument([observed("receiving", [privateUri("code", "NO-SUCH-2")], now())]),
  );
  jobs.brand = brand.captureID;
  for (const id of Object.values(jobs))
    reports[id] = (await chain.app.inject({ url: `/epcis/capture/${id}`, headers: { token: admin } })).json();
}, 120_000);
afterAll(() => chain.app.close());

describe("the console's capture jobs", () => {
  it("lists every partner's jobs newest first, with who sent each, its dealer, state and counts", async () => {
    expect(ours(await listed())).toEqual([jobs.brand, jobs.clientB, jobs.dealerA]);
    const [a, b] = stock.dealers;
    const detail = async (id: string) => (await get(`${LIST}/detail`, { id })).data as Record<string, unknown>;
    expect(await detail(jobs.dealerA)).toMatchObject({
      client_id: null,
      dealer_id: a,
      job_state: "partial",
      error_behaviour: "proceed",
      event_count: 2,
      accepted_events: 1,
      refused_events: 1,
      rolled_back_events: 0,
    });
    expect((await detail(jobs.dealerA)).employee_id_label).toBe("partner jobs_dealer_a");
    expect(await detail(jobs.clientB)).toMatchObject({
      client_id: dealerClient.id,
      client_id_label: "jobs-dealer-b",
      employee_id: null,
      dealer_id: b,
      job_state: "succeeded",
      accepted_events: 1,
      refused_events: 0,
      refusals: [],
    });
    expect(await detail(jobs.brand)).toMatchObject({ dealer_id: null, job_state: "refused", accepted_events: 0 });
    expect((await detail(jobs.brand)).finished_at).toBe(reports[jobs.brand].finishedAt);
  });

  it("filters by partner client and by state", async () => {
    expect(ours(await listed({ client_id: String(dealerClient.id) }))).toEqual([jobs.clientB]);
    expect(ours(await listed({ job_state: "partial" }))).toEqual([jobs.dealerA]);
    expect(ours(await listed({ job_state: "refused" }))).toEqual([jobs.brand]);
    const bad = await get(`${LIST}/pagelist`, { job_state: "sometimes" });
    expect(bad.status_code).toBe(400);
    expect(bad.message).toMatch(/job_state/);
  });

  it("gives each refused event's index, eventID and hash, and the interface's reason in the reader's language", async () => {
    const report = reports[jobs.dealerA];
    const refusedEvent = report["tc:events"].find((event) => event.outcome === "refused")!;
    for (const language of ["en", "zh"]) {
      const worded = (
        await chain.app.inject({
          url: `/epcis/capture/${jobs.dealerA}`,
          headers: { token: admin, "accept-language": language },
        })
      ).json<CaptureJob>().errors[0].detail;
      const { data } = await get(`${LIST}/detail`, { id: jobs.dealerA }, admin, language);
      expect(data.refusals).toEqual([
        { index: 1, event_id: UNKNOWN_EVENT_ID, event_hash: refusedEvent.capturedEventID, reason: worded },
      ]);
      const page = await get(`${LIST}/pagelist`, { job_state: "partial" }, admin, language);
      expect(page.data.list[0].refusals).toEqual(data.refusals);
    }
    const en = (await get(`${LIST}/detail`, { id: jobs.dealerA }, admin, "en")).data.refusals[0].reason;
    const zh = (await get(`${LIST}/detail`, { id: jobs.dealerA }, admin, "zh")).data.refusals[0].reason;
    expect(en).toMatch(/NO-SUCH-CODE/);
    expect(zh).not.toBe(en);
  });

  it("summarises at start the jobs that ended before jobs kept their summary, from their results", async () => {
    const { store } = chain.app.consoleContext;
    const before = (await get(`${LIST}/detail`, { id: jobs.dealerA })).data as Record<string, unknown>;
    await store.run(
      `UPDATE _epcis_capture_jobs SET accepted_events = NULL, refused_events = NULL, rolled_back_events = NULL,
         refusals = NULL WHERE id = ?`,
      [jobs.dealerA],
    );
    await createCaptureTables(store);
    const after = (await get(`${LIST}/detail`, { id: jobs.dealerA })).data as Record<string, unknown>;
    // The document is gone: the eventID it gave the refused event is not known any more.
    const refusals = (before.refusals as Record<string, unknown>[]).map((refusal) => ({ ...refusal, event_id: null }));
    expect(after).toEqual({ ...before, refusals });
  });

  it("refuses an id that is not one, and one that names no job, with the envelope", async () => {
    const malformed = await get(`${LIST}/detail`, { id: "x'; DROP TABLE _epcis_capture_jobs; --" });
    expect(malformed.status_code).toBe(400);
    expect(malformed.message).toMatch(/id/);
    expect((await get(`${LIST}/detail`, { id: "no-such-job" })).status_code).toBe(404);
  });

  it("gives a staff account acting for a dealer only that dealer's jobs, as /epcis does", async () => {
    const [a] = stock.dealers;
    const staffOfA = await partnerAccount(chain.app, admin, "jobs_staff_a", {
      accountType: "enterprise",
      dealerId: a,
      menus: ["epciscapturejobs"],
    });
    const page = await get(`${LIST}/pagelist`, {}, staffOfA);
    expect((page.data.list as { id: string }[]).map((row) => row.id)).toEqual([jobs.dealerA]);
    expect(page.data.total).toBe(1);
    expect(await listed({ client_id: String(dealerClient.id) }, staffOfA)).toEqual([]);
    expect((await get(`${LIST}/detail`, { id: jobs.dealerA }, staffOfA)).data.dealer_id).toBe(a);
    for (const other of [jobs.clientB, jobs.brand]) {
      const refused = await get(`${LIST}/detail`, { id: other }, staffOfA);
      expect(refused.status_code).toBe(404);
      expect(refused.message).toBe(
        (await get(`${LIST}/detail`, { id: "no-such-job" }, staffOfA)).message.replace("no-such-job", other),
      );
    }
    const adrift = await partnerAccount(chain.app, admin, "jobs_dealer_none", {
      accountType: "dealer",
      menus: ["epciscapturejobs"],
    });
    const none = await get(`${LIST}/pagelist`, {}, adrift);
    expect(none.status_code).toBe(403);
    expect(none.message).toMatch(/jobs_dealer_none is a dealer account that acts for no dealer/);
  });

  it("needs the list's menu to read it", async () => {
    const { store, grants } = chain.app.consoleContext;
    const account = (await store.get<{ id: number }>(`SELECT id FROM employees WHERE account_name = 'editor'`))!.id;
    const [roleId] = (await grants.roleIdsOf(account)).ids;
    const held = await grantsOfRole(store, roleId);
    const editor = await login(chain.app, "editor");
    expect((await get(`${LIST}/pagelist`, {}, editor)).status_code).toBe(403);
    expect((await get(`${LIST}/detail`, { id: jobs.brand }, editor)).status_code).toBe(403);
    await store.transaction(() =>
      replaceRoleGrants(store, roleId, [...held.menus, "epciscapturejobs"], [...held.buttons]),
    );
    try {
      expect(ours(await listed({}, editor))).toEqual([jobs.brand, jobs.clientB, jobs.dealerA]);
    } finally {
      await store.transaction(() => replaceRoleGrants(store, roleId, [...held.menus], [...held.buttons]));
    }
  });
});
