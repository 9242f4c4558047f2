// Named queries (POST /epcis/queries, GET /epcis/queries[/{name}], DELETE, GET
// /epcis/queries/{name}/events) on the EPCIS test ledger: a query is kept under its name, its
// events are the events /epcis/events gives for the same parameters, paged the same way; a bad
// parameter is refused when the query is made, a name taken is a 409, an unknown one a 404, and
// only the account that made a query (or an administrator) deletes it.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { epcisLedger, type EpcisEvent, type EpcisLedger, type QueryDocument } from "../test-fixtures/epcis-ledger";
import { login } from "../test-fixtures/test-app";
import { grantsOfRole, replaceRoleGrants } from "../org/role-grants";
import { EPCIS_PERMISSION } from "./epcis-routes";

let ledger: EpcisLedger;
beforeAll(async () => {
  ledger = await epcisLedger();
}, 60_000);
afterAll(() => ledger.chain.app.close());

const made = (body: unknown, token = ledger.token) =>
  ledger.chain.app.inject({ method: "POST", url: "/epcis/queries", headers: { token }, payload: body as object });

/** Every event of the named query, page by page, following the Link header. */
async function namedEvents(name: string, perPage: string): Promise<{ events: EpcisEvent[]; pages: number }> {
  const events: EpcisEvent[] = [];
  let url: string | undefined = `/epcis/queries/${name}/events?perPage=${perPage}`;
  let pages = 0;
  while (url) {
    const response: LightMyRequestResponse = await ledger.chain.app.inject({ url, headers: { token: ledger.token } });
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json<QueryDocument & { epcisBody: { queryResults: { queryName: string } } }>();
    expect(document.epcisBody.queryResults.queryName).toBe(name);
    events.push(...document.epcisBody.queryResults.resultsBody.eventList);
    pages += 1;
    url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ""))?.[1];
  }
  return { events, pages };
}

describe("named queries", () => {
  it("are made, read, listed, run page by page as /epcis/events, and deleted", async () => {
    const query = { eventType: ["ObjectEvent"], EQ_bizStep: ["shipping", "receiving"] };
    const response = await made({ name: "shipped-goods", query });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.location).toBe("/epcis/queries/shipped-goods");
    expect(response.headers["gs1-epcis-version"]).toBe("2.0.0");
    const read = await ledger.get("/epcis/queries/shipped-goods");
    expect(read.json()).toEqual({ name: "shipped-goods", query });

    const direct = await ledger.events({ eventType: "ObjectEvent", EQ_bizStep: "shipping|receiving" });
    expect(direct.length).toBeGreaterThan(3);
    const { events, pages } = await namedEvents("shipped-goods", "2");
    expect(pages).toBeGreaterThan(1);
    expect(events.map((event) => event.eventID)).toEqual(direct.map((event) => event.eventID));
    expect(new Set(events.map((event) => event.bizStep))).toEqual(new Set(direct.map((event) => event.bizStep)));

    expect((await made({ name: "inspections", query: { EQ_bizStep: "inspecting" } })).statusCode).toBe(201);
    const first = await ledger.get("/epcis/queries", { perPage: "1" });
    expect(first.json()).toEqual([{ name: "inspections", query: { EQ_bizStep: "inspecting" } }]);
    const next = decodeURIComponent(/nextPageToken=([^&>]+)/.exec(String(first.headers.link))![1]);
    expect((await ledger.get("/epcis/queries", { perPage: "1", nextPageToken: next })).json()).toEqual([
      { name: "shipped-goods", query },
    ]);

    const deleted = await ledger.chain.app.inject({
      method: "DELETE",
      url: "/epcis/queries/inspections",
      headers: { token: ledger.token },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await ledger.get("/epcis/queries")).json()).toEqual([{ name: "shipped-goods", query }]);
    const gone = await ledger.get("/epcis/queries/inspections/events");
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({
      type: "epcisException:NoSuchNameException",
      detail: "no query named inspections",
    });
  });

  it.each([
    [{ name: "bad name!", query: {} }, 400, /a query name is 1 to 64/],
    [{ name: "q", query: { GE_eventTime: "yesterday" } }, 400, /GE_eventTime must be a date-time/],
    [{ name: "q", query: { bogus: "1" } }, 400, /bogus is not a query parameter/],
    [{ name: "q", query: { perPage: "5" } }, 400, /perPage is not a query parameter/],
    [{ name: "q", query: { EQ_bizStep: 5 } }, 400, /EQ_bizStep must be a text or a list of texts/],
    [{ name: "q" }, 400, /the body must be/],
    [{ name: "shipped-goods", query: {} }, 409, /a query named shipped-goods exists already/],
  ])("%j is refused (%i)", async (body, status, detail) => {
    const response = await made(body);
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.json().detail).toMatch(detail);
  });

  it("a query of more than the request's 1 MiB is a 413 QueryTooComplexException, not the capture's limit, and is not made", async () => {
    const epcs = Array.from({ length: 30_000 }, (_, index) => `urn:epc:id:sgtin:0614141.107346.${index}`);
    const response = await made({ name: "too-many-epcs", query: { MATCH_epc: epcs } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      type: "epcisException:QueryTooComplexException",
      detail: "The request body is larger than 1 MiB",
    });
    expect((await ledger.get("/epcis/queries/too-many-epcs")).statusCode).toBe(404);
  });

  it("a call of its events takes paging only; another account may run it but not delete it", async () => {
    const extra = await ledger.get("/epcis/queries/shipped-goods/events", { EQ_bizStep: "packing" });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().detail).toMatch(/EQ_bizStep is not a query parameter/);

    const { store, grants } = ledger.chain.app.consoleContext;
    const editor = await login(ledger.chain.app, "editor");
    const account = (await ledger.chain.all(`SELECT id FROM employees WHERE account_name = 'editor'`))[0].id as number;
    const [roleId] = (await grants.roleIdsOf(account)).ids;
    const held = await grantsOfRole(store, roleId);
    await store.transaction(() =>
      replaceRoleGrants(store, roleId, [...held.menus, EPCIS_PERMISSION], [...held.buttons]),
    );
    expect((await ledger.get("/epcis/queries/shipped-goods/events", {}, editor)).statusCode).toBe(200);
    const refused = await ledger.chain.app.inject({
      method: "DELETE",
      url: "/epcis/queries/shipped-goods",
      headers: { token: editor },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: "epcisException:SecurityException" });
    expect((await made({ name: "editors-own", query: {} }, editor)).statusCode).toBe(201);
    const own = await ledger.chain.app.inject({
      method: "DELETE",
      url: "/epcis/queries/editors-own",
      headers: { token: editor },
    });
    expect(own.statusCode).toBe(204);
  });
});
