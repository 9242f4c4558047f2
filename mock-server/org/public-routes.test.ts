// The login page's calls: the ICP record without a token (and the replayed injection that broke
// the original product) and the login log on both of its base URLs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";

let app: FastifyInstance;
beforeAll(async () => ({ app } = await fixtureApp()));
afterAll(() => app.close());

const icp = (code: string) =>
  call(app, { url: "/api/org/enterpriseaccountnoauth/geticp", query: { enterprise_code: code } });

describe("geticp without a token", () => {
  it("answers the enterprise's ICP record for its code, and the business time zone the console counts days in", async () => {
    expect(envelope(await icp("E0001")).data).toEqual({
      icp_record: "浙ICP备20240123号-1",
      icp_url: "https://beian.miit.gov.cn/",
      enterprise_name: "杭州鑫源食品有限公司",
      time_zone: "Asia/Shanghai",
    });
  });

  it("answers 404 for another code", async () => {
    expect(envelope(await icp("E9999"))).toMatchObject({ status_code: 404, code: 40400, data: null });
  });

  const replay = async (attack: string) => {
    const response = await app.inject({
      method: "GET",
      url: `/api/org/enterpriseaccountnoauth/geticp?enterprise_code=${encodeURIComponent(attack)}`,
    });
    const body = envelope(response);
    expect(body.data).toBeNull();
    for (const secret of ["admin", "editor", "scrypt", "SQLITE", "syntax", "SELECT", "employees"])
      expect(response.body).not.toContain(secret);
    return body;
  };

  it("answers the replayed injection with an ordinary 404 and leaks nothing", async () => {
    const body = await replay("1') UNION ALL SELECT NULL,account_name,NULL FROM employees-- -");
    expect(body).toEqual({
      status_code: 404,
      code: 40400,
      message: "No enterprise with this code",
      data: null,
      key: "org.noEnterprise",
    });
  });

  it("answers the full sqlmap payload with a 400 naming the rule", async () => {
    const body = await replay(
      "1') UNION ALL SELECT NULL,CONCAT(0x7178627a71,IFNULL(CAST(account_name AS NCHAR),0x20),0x7170766a71),NULL FROM employees-- -",
    );
    expect(body).toMatchObject({
      status_code: 400,
      code: 40000,
      message: "enterprise_code: must have at most 64 characters",
    });
  });

  it("refuses a missing or oversized code with 400", async () => {
    expect(envelope(await call(app, { url: "/api/org/enterpriseaccountnoauth/geticp" })).status_code).toBe(400);
    expect(envelope(await icp("x".repeat(65))).status_code).toBe(400);
  });
});

describe("login log (spec §7: its own base URL; the new session's, one row each)", () => {
  const logged = async () =>
    await app.consoleContext.store.all<{ account_name: string; login_ip: string }>(
      "SELECT account_name, login_ip FROM _login_log ORDER BY id",
    );
  const logIn = (url: string, token: string | undefined, body: object) =>
    app.inject({ method: "POST", url, remoteAddress: "203.0.113.7", headers: token ? { token } : {}, payload: body });

  it("needs the session; without one nothing is written", async () => {
    const before = (await logged()).length;
    expect(
      envelope(await logIn("/api/org/loginlog/add", undefined, { accountName: "admin", loginIp: "10.0.0.8" })).code,
    ).toBe(50012);
    expect(await logged()).toHaveLength(before);
  });

  it("records the session's account and the connection's address, whatever the body says", async () => {
    const token = await login(app, "editor");
    const body = envelope(await logIn("/api/org/loginlog/add", token, { accountName: "admin", loginIp: "10.0.0.8" }));
    expect(body.code).toBe(0);
    expect((await logged()).at(-1)).toEqual({ account_name: "editor", login_ip: "203.0.113.7" });
  });

  it("is also served under /loginlog, and writes one row per session", async () => {
    const token = await login(app, "admin");
    const before = (await logged()).length;
    for (let i = 0; i < 3; i++)
      expect(
        envelope(await logIn("/loginlog/api/org/loginlog/add", token, { accountName: "admin", loginIp: "" })).code,
      ).toBe(0);
    expect(await logged()).toHaveLength(before + 1);
    expect((await logged()).at(-1)).toEqual({ account_name: "admin", login_ip: "203.0.113.7" });
  });

  it("validates its body", async () => {
    const token = await login(app, "admin");
    expect(envelope(await logIn("/loginlog/api/org/loginlog/add", token, { loginIp: "x" })).message).toBe(
      "accountName: is required",
    );
  });
});
