// The EPCIS interface refuses with GS1's problem bodies, never a 500 and never the console's
// envelope: a parameter not taken by its name is a 400 QueryParameterException, one whose value does
// not parse, is out of range or ends a time window before it starts a 400 QueryValidationException,
// each naming the parameter, and a staff account whose role lacks the interface's permission
// (epcisquery) is a SecurityException until it is granted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { epcisLedger, type EpcisLedger } from "../test-fixtures/epcis-ledger";
import { login } from "../test-fixtures/test-app";
import { grantsOfRole, replaceRoleGrants } from "../org/role-grants";
import { EPCIS_PERMISSION } from "./epcis-routes";

let ledger: EpcisLedger;
beforeAll(async () => {
  ledger = await epcisLedger();
}, 60_000);
afterAll(() => ledger.chain.app.close());

async function refused(path: string, query: Record<string, string | string[]>, status = 400) {
  const response = await ledger.get(path, query);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(response.headers["gs1-epcis-version"]).toBe("2.0.0");
  return response.json<{ type: string; title: string; status: number; detail: string; instance: string }>();
}

const NAME = "QueryParameterException";
const VALUE = "QueryValidationException";

describe("bad parameters", () => {
  it.each([
    [{ bogus: "1" }, NAME, /bogus is not a query parameter/],
    [{ perPage: ["5", "6"] }, NAME, /perPage may be given once/],
    [{ GE_eventTime: "2024-06-01" }, VALUE, /GE_eventTime must be a date-time/],
    [{ LT_recordTime: "2024-06-01T08:00:00" }, VALUE, /LT_recordTime must be a date-time with its offset/],
    [{ GE_eventTime: "2024-13-45T99:00:00Z" }, VALUE, /GE_eventTime must be a date-time/],
    [{ perPage: "0" }, VALUE, /perPage must be a whole number from 1 to 500; got 0/],
    [{ perPage: "501" }, VALUE, /perPage must be/],
    [{ perPage: "ten" }, VALUE, /perPage must be/],
    [{ orderBy: "bizStep" }, VALUE, /orderBy must be eventTime or recordTime/],
    [{ orderDirection: "UP" }, VALUE, /orderDirection must be ASC or DESC/],
    [{ eventType: "QuantityEvent" }, VALUE, /eventType: QuantityEvent is not an EPCIS event type/],
    [{ nextPageToken: "not-a-token" }, VALUE, /nextPageToken was not given/],
    [
      { GE_eventTime: "2024-06-02T00:00:00Z", LT_eventTime: "2024-06-01T00:00:00Z" },
      VALUE,
      /GE_eventTime \(2024-06-02T00:00:00Z\) is after LT_eventTime \(2024-06-01T00:00:00Z\)/,
    ],
    [
      { GE_recordTime: "2024-06-01T09:00:00+08:00", LT_recordTime: "2024-06-01T00:59:59Z" },
      VALUE,
      /GE_recordTime \(2024-06-01T09:00:00\+08:00\) is after LT_recordTime/,
    ],
  ])("%j is a 400 %s", async (query, type, detail) => {
    const problem = await refused("/epcis/events", query);
    expect(problem).toMatchObject({
      type: `epcisException:${type}`,
      title: type,
      status: 400,
      instance: "/epcis/events",
    });
    expect(problem.detail).toMatch(detail);
  });

  it("a window that starts where it ends, or a time zone later, is not reversed: it is answered", async () => {
    for (const query of [
      { GE_eventTime: "2024-06-01T00:00:00Z", LT_eventTime: "2024-06-01T00:00:00Z" },
      { GE_eventTime: "2024-06-01T08:00:00+08:00", LT_eventTime: "2024-06-01T00:00:01Z" },
    ])
      expect((await ledger.get("/epcis/events", query)).statusCode).toBe(200);
  });

  it("a page token is refused on another query than the one it came from", async () => {
    const first = await ledger.get("/epcis/events", { perPage: "5" });
    const token = decodeURIComponent(/nextPageToken=([^&>]+)/.exec(String(first.headers.link))![1]);
    expect((await ledger.get("/epcis/events", { perPage: "5", nextPageToken: token })).statusCode).toBe(200);
    expect(
      (await refused("/epcis/events", { perPage: "5", nextPageToken: token, eventType: "ObjectEvent" })).detail,
    ).toMatch(/nextPageToken/);
    expect((await refused("/epcis/epcs", { nextPageToken: token })).detail).toMatch(/nextPageToken/);
  });

  it("the discovery lists and an EPC's events refuse unknown parameters too; details follow Accept-Language", async () => {
    expect((await refused("/epcis/bizSteps", { EQ_bizStep: "shipping" })).type).toBe(
      "epcisException:QueryParameterException",
    );
    const epc = (await ledger.events({ eventType: "AggregationEvent" }))[0].parentID as string;
    expect((await refused(`/epcis/epcs/${encodeURIComponent(epc)}/events`, { perPage: "-1" })).status).toBe(400);
    const chinese = await ledger.chain.app.inject({
      url: "/epcis/events?perPage=0",
      headers: { token: ledger.token, "accept-language": "zh-CN" },
    });
    expect(chinese.json()).toMatchObject({ status: 400, detail: "perPage 须为 1 到 500 的整数；收到 0" });
  });
});

describe("what GS1 defines and this server does not build", () => {
  it("releasing a page token is a 501 ImplementationException, and the token still works", async () => {
    const first = await ledger.get("/epcis/events", { perPage: "5" });
    const token = decodeURIComponent(/nextPageToken=([^&>]+)/.exec(String(first.headers.link))![1]);
    const release = await ledger.chain.app.inject({
      method: "DELETE",
      url: `/epcis/nextPageToken/${encodeURIComponent(token)}`,
      headers: { token: ledger.token },
    });
    expect(release.statusCode).toBe(501);
    expect(release.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(release.json()).toMatchObject({
      type: "epcisException:ImplementationException",
      title: "ImplementationException",
      status: 501,
    });
    expect(release.json().detail).toMatch(/a page token holds nothing on this server/);
    expect((await ledger.get("/epcis/events", { perPage: "5", nextPageToken: token })).statusCode).toBe(200);
  });
});

describe("who may query", () => {
  it("no session is a SecurityException", async () => {
    const response = await ledger.chain.app.inject({ url: "/epcis/events" });
    expect(response.statusCode).toBeGreaterThanOrEqual(401);
    expect(response.statusCode).toBeLessThanOrEqual(403);
    expect(response.json()).toMatchObject({ type: "epcisException:SecurityException" });
  });

  it("a staff account without the epcisquery permission is refused, and answered once its role holds it", async () => {
    const { store, grants } = ledger.chain.app.consoleContext;
    const editor = await login(ledger.chain.app, "editor");
    const refusedEditor = await ledger.get("/epcis/events", {}, editor);
    expect(refusedEditor.statusCode).toBe(403);
    expect(refusedEditor.json()).toMatchObject({ type: "epcisException:SecurityException", status: 403 });
    expect(refusedEditor.json().detail).toMatch(EPCIS_PERMISSION);

    const account = (await ledger.chain.all(`SELECT id FROM employees WHERE account_name = 'editor'`))[0].id as number;
    const [roleId] = (await grants.roleIdsOf(account)).ids;
    const held = await grantsOfRole(store, roleId);
    await store.transaction(() =>
      replaceRoleGrants(store, roleId, [...held.menus, EPCIS_PERMISSION], [...held.buttons]),
    );
    const answered = await ledger.get("/epcis/events", { perPage: "3" }, editor);
    expect(answered.statusCode).toBe(200);
    expect(answered.headers["content-type"]).toMatch(/^application\/ld\+json/);
  });
});
