// The capture job list (GET /epcis/capture): each account sees its own jobs, newest first, each as
// GET /epcis/capture/{id} reports it (per-event refusals included), paged with perPage and a Link
// rel="next"; an administrator sees every account's; a paging value that does not parse is a
// QueryValidationException, another parameter a QueryParameterException, and the list needs the
// epciscapture permission.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureApp, login, type TestApp } from "../test-fixtures/test-app";
import { capture, epcisDocument, observed, type CaptureJob } from "../test-fixtures/epcis-partner";
import { contract } from "../generated/contract.gen";
import { grantsOfRole, replaceRoleGrants } from "../org/role-grants";
import { privateUri } from "../domain/epcis/epcis-identifiers";
import { EPCIS_CAPTURE_PERMISSION } from "./capture-routes";

let test: TestApp;
let admin: string;
let editor: string;
const jobsOf: Record<"admin" | "editor", string[]> = { admin: [], editor: [] };

const list = (token: string, query: Record<string, string> = {}) =>
  test.app.inject({ method: "GET", url: "/epcis/capture", query, headers: { token } });

/** Every job the list gives `token`, following Link rel="next". */
async function everyJob(token: string, perPage: string): Promise<{ jobs: CaptureJob[]; pages: number }> {
  const jobs: CaptureJob[] = [];
  let next: string | undefined;
  let pages = 0;
  do {
    const response = await list(token, { perPage, ...(next ? { nextPageToken: next } : {}) });
    expect(response.statusCode).toBe(200);
    jobs.push(...response.json<CaptureJob[]>());
    const link = response.headers.link as string | undefined;
    if (link) expect(link).toMatch(/^<\/epcis\/capture\?perPage=\d+&nextPageToken=[A-Za-z0-9_-]+>; rel="next"$/);
    next = link ? decodeURIComponent(/nextPageToken=([^&>]+)/.exec(link)![1]) : undefined;
    pages += 1;
  } while (next);
  return { jobs, pages };
}

/** A document of one receiving about a code the ledger does not know: a job with one refusal. */
const unknownCode = (n: number) =>
  epcisDocument([observed("receiving", [privateUri("code", `NO-SUCH-${n}`)], "2024-06-01T08:00:00Z")]);

beforeAll(async () => {
  test = await fixtureApp({ contract, seedScale: 0.05, subscriptionPollMs: 0 });
  admin = await login(test.app, "admin");
  editor = await login(test.app, "editor");
  const { store, grants } = test.app.consoleContext;
  const account = (await store.get<{ id: number }>(`SELECT id FROM employees WHERE account_name = 'editor'`))!.id;
  const [roleId] = (await grants.roleIdsOf(account)).ids;
  const held = await grantsOfRole(store, roleId);
  await store.transaction(() =>
    replaceRoleGrants(store, roleId, [...held.menus, EPCIS_CAPTURE_PERMISSION], [...held.buttons]),
  );
  // Jobs a second apart, alternating accounts: the editor's three, the administrator's two.
  for (const [n, who] of (["editor", "admin", "editor", "admin", "editor"] as const).entries()) {
    test.clock.now += 1000;
    const job = await capture(test.app, who === "admin" ? admin : editor, unknownCode(n));
    jobsOf[who].push(job.captureID);
  }
}, 60_000);
afterAll(() => test.app.close());

describe("GET /epcis/capture", () => {
  it("lists the caller's own jobs, newest first, each as its own report gives it, over pages", async () => {
    const { jobs, pages } = await everyJob(editor, "2");
    expect(pages).toBe(2);
    expect(jobs.map((job) => job.captureID)).toEqual([...jobsOf.editor].reverse());
    for (const job of jobs) {
      const one = await test.app.inject({ url: `/epcis/capture/${job.captureID}`, headers: { token: editor } });
      expect(job).toEqual(one.json());
      // The per-event refusal, with its reason, is in the list.
      expect(job.success).toBe(false);
      expect(job.errors).toHaveLength(1);
      expect(job.errors[0]).toMatchObject({ status: 400, instance: "/epcisBody/eventList/0" });
      expect(job["tc:events"].map((event) => event.outcome)).toEqual(["refused"]);
    }
  });

  it("gives an administrator every account's jobs, newest first", async () => {
    const { jobs } = await everyJob(admin, "500");
    const ours = new Set([...jobsOf.admin, ...jobsOf.editor]);
    const listed = jobs.map((job) => job.captureID).filter((id) => ours.has(id));
    expect(listed).toEqual([jobsOf.editor[2], jobsOf.admin[1], jobsOf.editor[1], jobsOf.admin[0], jobsOf.editor[0]]);
  });

  it.each([
    [{ perPage: "0" }, "QueryValidationException", /perPage must be a whole number from 1 to 500/],
    [{ perPage: "x" }, "QueryValidationException", /perPage must be/],
    [{ nextPageToken: "not-a-token" }, "QueryValidationException", /nextPageToken was not given by this server/],
    [{ orderBy: "eventTime" }, "QueryParameterException", /orderBy is not a query parameter/],
  ])("%j is a %s", async (query, type, detail) => {
    const response = await list(editor, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: `epcisException:${type}` });
    expect(response.json<{ detail: string }>().detail).toMatch(detail);
  });

  it("needs the capture permission", async () => {
    const { store, grants } = test.app.consoleContext;
    const account = (await store.get<{ id: number }>(`SELECT id FROM employees WHERE account_name = 'editor'`))!.id;
    const [roleId] = (await grants.roleIdsOf(account)).ids;
    const held = await grantsOfRole(store, roleId);
    const without = [...held.menus].filter((menu) => menu !== EPCIS_CAPTURE_PERMISSION);
    await store.transaction(() => replaceRoleGrants(store, roleId, without, [...held.buttons]));
    try {
      const response = await list(await login(test.app, "editor"));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ type: "epcisException:SecurityException" });
    } finally {
      await store.transaction(() => replaceRoleGrants(store, roleId, [...held.menus], [...held.buttons]));
    }
  });
});
