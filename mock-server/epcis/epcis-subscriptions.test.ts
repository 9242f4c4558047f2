// The subscription calls' refusals (POST/GET/DELETE /epcis/queries/{name}/subscriptions): a body
// that is not a subscription to an http(s) webhook with a long enough secret is a
// ValidationException naming what is wrong, controls other than a stream (stream not true, a
// schedule, initialRecordTime, reportIfEmpty not a boolean) a SubscriptionControlsException, as
// GS1's binding names a subscription's 400s, an unknown query or subscription a 404, and an
// account that did not make the query (and is no administrator) may not manage its subscriptions.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixtureApp, login, type TestApp } from "../test-fixtures/test-app";
import { contract } from "../generated/contract.gen";
import { grantsOfRole, replaceRoleGrants } from "../org/role-grants";
import { EPCIS_PERMISSION } from "./epcis-routes";
import { EPCIS_SUBSCRIBE_PERMISSION } from "./subscription-routes";

let test: TestApp;
let admin: string;
let editor: string;
const good = { dest: "https://partner.example/epcis", signatureToken: "0123456789abcdef", stream: true };

const inject = (method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: unknown) =>
  test.app.inject({
    method,
    url,
    headers: { token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  test = await fixtureApp({ contract, seedScale: 0.05, subscriptionPollMs: 0 });
  admin = await login(test.app, "admin");
  editor = await login(test.app, "editor");
  const { store, grants } = test.app.consoleContext;
  const account = (await store.get<{ id: number }>(`SELECT id FROM employees WHERE account_name = 'editor'`))!.id;
  const [roleId] = (await grants.roleIdsOf(account)).ids;
  const held = await grantsOfRole(store, roleId);
  await store.transaction(() =>
    replaceRoleGrants(store, roleId, [...held.menus, EPCIS_PERMISSION, EPCIS_SUBSCRIBE_PERMISSION], [...held.buttons]),
  );
  expect((await inject("POST", "/epcis/queries", admin, { name: "admins", query: {} })).statusCode).toBe(201);
}, 60_000);
afterAll(() => test.app.close());

describe("subscription calls", () => {
  const BODY = "ValidationException";
  const CONTROLS = "SubscriptionControlsException";
  it.each([
    [[], BODY, /the body must be/],
    [{ ...good, dest: undefined }, BODY, /the body must be/],
    [{ ...good, dest: "ftp://partner.example/x" }, BODY, /dest must be an http or https URL; got ftp:/],
    [{ ...good, dest: "not a url" }, BODY, /dest must be an http or https URL/],
    [{ ...good, dest: "https://user:pw@partner.example/" }, BODY, /dest must be an http or https URL/],
    [{ ...good, signatureToken: "short" }, BODY, /signatureToken must be a text of 16 to 256 characters/],
    [{ ...good, signatureToken: 1234567890123456 }, BODY, /signatureToken must be a text/],
    [{ ...good, destination: "https://partner.example/" }, BODY, /destination is not a subscription field/],
    [{ ...good, stream: false }, CONTROLS, /only stream subscriptions/],
    [{ ...good, stream: undefined }, CONTROLS, /only stream subscriptions/],
    [{ ...good, stream: undefined, schedule: { hour: "1" } }, CONTROLS, /schedule is not kept/],
    [{ ...good, initialRecordTime: "2024-06-01T00:00:00Z" }, CONTROLS, /initialRecordTime is not kept/],
    [{ ...good, reportIfEmpty: "yes" }, CONTROLS, /reportIfEmpty must be true or false/],
  ])("%j is a %s", async (body, type, detail) => {
    const response = await inject("POST", "/epcis/queries/admins/subscriptions", admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ type: `epcisException:${type}`, title: type, status: 400 });
    expect(response.json().detail).toMatch(detail);
  });

  it("answers in the caller's language", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/epcis/queries/admins/subscriptions",
      headers: { token: admin, "accept-language": "zh" },
      payload: { ...good, stream: false },
    });
    expect(response.json().detail).toBe("只保存流式订阅（stream: true），不保存定时订阅");
  });

  it("an unknown query or subscription is a 404", async () => {
    const none = await inject("POST", "/epcis/queries/nobody/subscriptions", admin, good);
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe("no query named nobody");
    const missing = await inject("GET", "/epcis/queries/admins/subscriptions/no-such-id", admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("the query admins has no subscription no-such-id");
    expect((await inject("DELETE", "/epcis/queries/admins/subscriptions/no-such-id", admin)).statusCode).toBe(404);
  });

  it("only the query's maker or an administrator manages its subscriptions", async () => {
    const made = await inject("POST", "/epcis/queries/admins/subscriptions", admin, good);
    expect(made.statusCode).toBe(201);
    const location = String(made.headers.location);
    for (const [method, url, body] of [
      ["POST", "/epcis/queries/admins/subscriptions", good],
      ["GET", "/epcis/queries/admins/subscriptions", undefined],
      ["GET", location, undefined],
      ["DELETE", location, undefined],
    ] as const) {
      const refused = await inject(method, url, editor, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ type: "epcisException:SecurityException" });
    }
    expect((await inject("GET", location, admin)).statusCode).toBe(200);
    // The editor's own query is the editor's to subscribe to; an administrator manages it too.
    expect((await inject("POST", "/epcis/queries", editor, { name: "editors", query: {} })).statusCode).toBe(201);
    const own = await inject("POST", "/epcis/queries/editors/subscriptions", editor, good);
    expect(own.statusCode).toBe(201);
    expect((await inject("GET", "/epcis/queries/editors/subscriptions", admin)).json()).toHaveLength(1);
    expect((await inject("DELETE", String(own.headers.location), admin)).statusCode).toBe(204);
  });

  it("querying is not enough: managing subscriptions needs epcissubscribe", async () => {
    const { store, grants } = test.app.consoleContext;
    const account = (await store.get<{ id: number }>(`SELECT id FROM employees WHERE account_name = 'editor'`))!.id;
    const [roleId] = (await grants.roleIdsOf(account)).ids;
    const held = await grantsOfRole(store, roleId);
    const menus = [...held.menus].filter((menu) => menu !== EPCIS_SUBSCRIBE_PERMISSION);
    await store.transaction(() => replaceRoleGrants(store, roleId, menus, [...held.buttons]));
    expect((await inject("GET", "/epcis/queries/editors/events", editor)).statusCode).toBe(200);
    const refused = await inject("GET", "/epcis/queries/editors/subscriptions", editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: "epcisException:SecurityException" });
  });

  it("a call without a session is refused as the access hook refuses it", async () => {
    const response = await test.app.inject({ method: "GET", url: "/epcis/queries/admins/subscriptions" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: "epcisException:SecurityException", code: 50012 });
  });
});

describe("deleting a named query", () => {
  const subscriptionsNamed = async (name: string) =>
    await test.app.consoleContext.store.all(`SELECT id FROM _epcis_subscriptions WHERE query_name = ?`, [name]);

  it("deletes its subscriptions with it: none is left to fail, none carries over to a new query of that name", async () => {
    expect((await inject("POST", "/epcis/queries", admin, { name: "gone", query: {} })).statusCode).toBe(201);
    for (const dest of ["https://one.example/hook", "https://two.example/hook"])
      expect((await inject("POST", "/epcis/queries/gone/subscriptions", admin, { ...good, dest })).statusCode).toBe(
        201,
      );
    expect(await subscriptionsNamed("gone")).toHaveLength(2);
    expect((await inject("DELETE", "/epcis/queries/gone", admin)).statusCode).toBe(204);
    expect(await subscriptionsNamed("gone")).toHaveLength(0);
    expect((await inject("POST", "/epcis/queries", admin, { name: "gone", query: {} })).statusCode).toBe(201);
    expect((await inject("GET", "/epcis/queries/gone/subscriptions", admin)).json()).toEqual([]);
  });

  it("refused, or failing half-way, deletes nothing", async () => {
    expect((await inject("POST", "/epcis/queries", admin, { name: "kept", query: {} })).statusCode).toBe(201);
    expect((await inject("POST", "/epcis/queries/kept/subscriptions", admin, good)).statusCode).toBe(201);
    const refused = await inject("DELETE", "/epcis/queries/kept", editor);
    expect(refused.statusCode).toBe(403);
    const { store } = test.app.consoleContext;
    const run = store.run.bind(store);
    const failing = vi.spyOn(store, "run").mockImplementation(async (sql, params) => {
      if (sql.startsWith("DELETE FROM _epcis_subscriptions")) throw new Error("the disk is full");
      return await run(sql, params);
    });
    try {
      expect((await inject("DELETE", "/epcis/queries/kept", admin)).statusCode).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect((await inject("GET", "/epcis/queries/kept", admin)).statusCode).toBe(200);
    expect(await subscriptionsNamed("kept")).toHaveLength(1);
  });
});
