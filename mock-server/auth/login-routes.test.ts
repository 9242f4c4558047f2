// spec §7 login and logout, sessions and the spec §8 session codes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login, type TestClock } from "../test-fixtures/test-app";
import { DEFAULT_SESSION_TTL_MS, DEMO_PASSWORD } from "../options";

let app: FastifyInstance;
let clock: TestClock;
beforeAll(async () => ({ app, clock } = await fixtureApp()));
afterAll(() => app.close());

const loginBody = (account_name: string, account_password: string, account_type = "enterprise") => ({
  account_name,
  account_password,
  account_type,
  permissions: 1,
});
const selected = (token?: string) => call(app, { url: "/api/org/menutree/selectedlist", token });

describe("login", () => {
  it("answers a random token as data", async () => {
    const first = envelope(
      await call(app, { method: "POST", url: "/api/sso/login", body: loginBody("admin", DEMO_PASSWORD) }),
    );
    const second = envelope(
      await call(app, { method: "POST", url: "/api/sso/login", body: loginBody("admin", DEMO_PASSWORD) }),
    );
    expect(first).toMatchObject({ status_code: 200, code: 0 });
    expect(first.data).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(first.data).not.toBe(second.data);
  });

  it("refuses a wrong password with 401 40100, not a session code", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/sso/login", body: loginBody("admin", "wrong!") }),
    );
    expect(body).toMatchObject({ status_code: 401, code: 40100 });
  });

  it("refuses an unknown account with the same answer", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/sso/login", body: loginBody("nobody", "111111") }),
    );
    expect(body).toMatchObject({
      status_code: 401,
      code: 40100,
      message: "Account name, password or account type is incorrect",
    });
  });

  it("refuses the wrong account type", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/sso/login", body: loginBody("admin", DEMO_PASSWORD, "dealer") }),
    );
    expect(body.code).toBe(40100);
  });

  it("refuses an account type outside the enum", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/sso/login", body: loginBody("admin", DEMO_PASSWORD, "root") }),
    );
    expect(body).toMatchObject({ status_code: 400, code: 40000 });
    expect(body.message).toMatch(/^account_type: must be one of: enterprise, dealer/);
  });

  it("never stores the password in the account table", async () => {
    const row = (await app.consoleContext.store.get<Record<string, unknown>>(
      'SELECT * FROM "employees" WHERE "account_name" = ?',
      ["admin"],
    ))!;
    expect(JSON.stringify(row)).not.toContain(DEMO_PASSWORD);
    const secret = (await app.consoleContext.store.get<{ hash: string }>(
      "SELECT hash FROM _secrets WHERE resource = 'employees' AND row_id = ?",
      [row.id as number],
    ))!;
    expect(secret.hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });
});

describe("sessions (spec §8 codes)", () => {
  it("without a token: 403 50012", async () => {
    expect(envelope(await selected())).toMatchObject({ status_code: 403, code: 50012 });
  });

  it("with an invented token: 403 50012", async () => {
    expect(envelope(await selected("not-a-real-token"))).toMatchObject({ status_code: 403, code: 50012 });
  });

  it("after logout: 403 50012", async () => {
    const token = await login(app, "editor");
    expect(envelope(await selected(token)).code).toBe(0);
    expect(envelope(await call(app, { method: "POST", url: "/api/sso/loginout", token })).code).toBe(0);
    expect(envelope(await selected(token))).toMatchObject({ status_code: 403, code: 50012 });
  });

  it("after expiry: 403 50014", async () => {
    const token = await login(app, "editor");
    const start = clock.now;
    clock.now = start + DEFAULT_SESSION_TTL_MS + 1;
    try {
      expect(envelope(await selected(token))).toMatchObject({ status_code: 403, code: 50014 });
    } finally {
      clock.now = start;
    }
  });

  it("accepts the token as a query parameter on selectedlist only (spec §7)", async () => {
    const token = await login(app, "editor");
    expect(envelope(await call(app, { url: "/api/org/menutree/selectedlist", query: { token } })).code).toBe(0);
    const other = await call(app, { url: "/api/base/products/pagelist", query: { token } });
    expect(envelope(other).code).toBe(50012);
  });

  it("logout without a session still succeeds", async () => {
    expect(envelope(await call(app, { method: "POST", url: "/api/sso/loginout" })).code).toBe(0);
  });

  it("a disabled account's session ends at once", async () => {
    const admin = await login(app, "admin");
    const editorToken = await login(app, "editor");
    const editor = (await app.consoleContext.store.get<{ id: number }>(
      'SELECT id FROM "employees" WHERE "account_name" = ?',
      ["editor"],
    ))!;
    await call(app, {
      method: "POST",
      url: "/api/org/employees/update",
      token: admin,
      body: { id: editor.id, enabled: false },
    });
    expect(envelope(await selected(editorToken)).code).toBe(50012);
    const again = await call(app, { method: "POST", url: "/api/sso/login", body: loginBody("editor", DEMO_PASSWORD) });
    // The same answer as a wrong password, so a right guess for a disabled account shows nothing
    expect(envelope(again)).toMatchObject({
      code: 40100,
      message: "Account name, password or account type is incorrect",
    });
    await call(app, {
      method: "POST",
      url: "/api/org/employees/update",
      token: admin,
      body: { id: editor.id, enabled: true },
    });
    expect(envelope(await selected(await login(app, "editor"))).code).toBe(0);
  });
});
