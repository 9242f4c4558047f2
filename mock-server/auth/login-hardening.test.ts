// Sign-in hardening on the real contract: throttling per account and per address, an
// administrator's unlock, answers that reveal nothing, the forced change of an administrator's
// password, and the idle timeout.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { DEFAULT_SESSION_IDLE_MS, DEMO_PASSWORD, INITIAL_PASSWORD } from "../options";
import { envelope, login } from "../test-fixtures/test-app";
import { ADDRESS_POLICY, PAIR_POLICY } from "./login-attempts";

let app: FastifyInstance;
let admin: string;
const clock = { now: Date.parse("2024-06-01T10:00:00Z") };
beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedAnchor: "2024-06-01",
    seedScale: 0.2,
    docs: false,
    clock: () => clock.now,
  });
  admin = await login(app, "admin");
}, 60_000);
afterAll(() => app.close());
let address = 0;
let ip: string;
beforeEach(() => {
  ip = `10.13.0.${++address}`; // each test guesses from its own address
});

const signIn = (account_name: string, account_password: string, remoteAddress = ip) =>
  app.inject({
    method: "POST",
    url: "/api/sso/login",
    remoteAddress,
    payload: { account_name, account_password, account_type: "enterprise", permissions: 1 },
  });
const send = (options: InjectOptions & { token?: string }) =>
  app.inject({ ...options, headers: { ...(options.token ? { token: options.token } : {}), ...options.headers } });
const selected = (token: string) => send({ url: "/api/org/menutree/selectedlist", token });
const accountId = async (name: string) =>
  (await app.consoleContext.store.get<{ id: number }>('SELECT id FROM "employees" WHERE account_name = ?', [name]))!.id;
const sessionsOf = async (id: number) =>
  (await app.consoleContext.store.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM _sessions WHERE account_id = ? AND revoked_at IS NULL",
    [id],
  ))!.n;

async function createAccount(name: string): Promise<number> {
  const depart = (await app.consoleContext.store.get<{ id: number }>(
    'SELECT id FROM "departments" ORDER BY id LIMIT 1',
  ))!;
  const body = envelope(
    await send({
      method: "POST",
      url: "/api/org/employees/add",
      token: admin,
      payload: {
        account_name: name,
        real_name: "Test",
        account_type: "enterprise",
        depart_id: depart.id,
        status: "enabled",
      },
    }),
  );
  expect(body.code).toBe(0);
  return await accountId(name);
}

/** Fail until the throttle answers 429, waiting as asked; returns the number of 401s. */
async function failUntilThrottled(name: string, limit = 50): Promise<number> {
  for (let failures = 0; failures < limit; failures++) {
    const response = await signIn(name, "wrong-password");
    if (response.statusCode === 429) return failures;
    expect(envelope(response).code).toBe(40100);
  }
  throw new Error("never throttled");
}

describe("sign-in attempts per account and address", () => {
  it("a failing source waits with 429 and Retry-After, even for the right password", async () => {
    await createAccount("throttled1");
    expect(await failUntilThrottled("throttled1")).toBe(PAIR_POLICY.freeFailures + 1);
    const refused = await signIn("throttled1", INITIAL_PASSWORD);
    expect(envelope(refused)).toMatchObject({ status_code: 429, code: 42900 });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });

  it("never refuses the right password from an address that has not been failing, whatever the flood", async () => {
    await createAccount("flooded1");
    // Ten addresses guess in parallel, each as fast as it is answered, until every one waits.
    await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        for (let i = 0; i < 20; i++) {
          const response = await signIn("flooded1", `wrong-${n}-${i}`, `10.13.9.${n}`);
          if (response.statusCode === 429) break;
        }
      }),
    );
    expect(envelope(await signIn("flooded1", "wrong-again", "10.13.9.3")).status_code).toBe(429);
    expect(envelope(await signIn("flooded1", INITIAL_PASSWORD, "10.13.9.200")).code).toBe(0);
  });

  it("answers an unknown name exactly as an existing one, so neither existence nor lock tells anything", async () => {
    await createAccount("known1");
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < PAIR_POLICY.freeFailures + 2; i++) {
      known.push((await signIn("known1", "wrong-password", "10.13.2.1")).body);
      unknown.push((await signIn("unknown1", "wrong-password", "10.13.3.1")).body);
    }
    expect(unknown).toEqual(known);
  });

  it("locks a failing source after lockAfter attempts; the lock ends by itself or by an administrator's unlock", async () => {
    const id = await createAccount("locked1");
    const start = clock.now;
    try {
      for (let i = 0; i < PAIR_POLICY.lockAfter; i++) {
        clock.now += 60_000; // wait out every delay
        expect(envelope(await signIn("locked1", "wrong-password")).code).toBe(40100);
      }
      clock.now += 60_000;
      expect(envelope(await signIn("locked1", INITIAL_PASSWORD)).status_code).toBe(429);
      // An editor may not unlock; the refusal changes nothing.
      const editor = await login(app, "editor");
      expect(
        envelope(await send({ method: "POST", url: "/api/org/employees/unlock", token: editor, payload: { id } }))
          .status_code,
      ).toBe(403);
      expect(envelope(await signIn("locked1", INITIAL_PASSWORD)).status_code).toBe(429);
      expect(
        envelope(await send({ method: "POST", url: "/api/org/employees/unlock", token: admin, payload: { id } })).code,
      ).toBe(0);
      expect(envelope(await signIn("locked1", INITIAL_PASSWORD)).code).toBe(0);
      expect(
        await app.consoleContext.store.get("SELECT actor, account_name FROM _login_unlocks ORDER BY id DESC LIMIT 1"),
      ).toEqual({ actor: "admin", account_name: "locked1" });
      clock.now += 16 * 60_000;
      for (let i = 0; i < PAIR_POLICY.lockAfter; i++) await signIn("locked1", "wrong-password");
      clock.now += 15 * 60_000 + 1; // the lock runs out by itself
      expect(envelope(await signIn("locked1", INITIAL_PASSWORD)).code).toBe(0);
    } finally {
      clock.now = start;
    }
  });

  it("a success starts the source afresh", async () => {
    await createAccount("fresh1");
    for (let i = 0; i < PAIR_POLICY.freeFailures; i++) await signIn("fresh1", "wrong-password");
    expect(envelope(await signIn("fresh1", INITIAL_PASSWORD)).code).toBe(0);
    expect(await failUntilThrottled("fresh1")).toBe(PAIR_POLICY.freeFailures + 1);
  });

  it("200 parallel wrong guesses are 200 attempts: only the free ones are checked", async () => {
    await createAccount("parallel1");
    const answers = await Promise.all(Array.from({ length: 200 }, () => signIn("parallel1", "wrong-password")));
    expect(await app.consoleContext.loginAttempts.failures("pair", "parallel1", ip)).toBe(200);
    expect(answers.filter((response) => response.statusCode === 401)).toHaveLength(PAIR_POLICY.freeFailures + 1);
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(200 - PAIR_POLICY.freeFailures - 1);
  });

  it("100 parallel guesses with the right one at position 60 do not sign in", async () => {
    await createAccount("parallel2");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn("parallel2", i === 60 ? INITIAL_PASSWORD : `wrong-${i}`)),
    );
    expect(answers.map((response) => envelope(response).code)).not.toContain(0);
    expect(envelope(answers[60]).status_code).toBe(429);
  });
});

describe("throttling per address", () => {
  it("a spray over many names from one address is throttled; another address is not", async () => {
    let failures = 0;
    for (; failures < ADDRESS_POLICY.freeFailures + 5; failures++) {
      const response = await signIn(`spray-${failures}`, "wrong-password");
      if (response.statusCode === 429) break;
    }
    expect(failures).toBe(ADDRESS_POLICY.freeFailures + 1);
    expect(envelope(await signIn("admin", DEMO_PASSWORD)).status_code).toBe(429);
    expect(envelope(await signIn("admin", DEMO_PASSWORD, "10.13.5.1")).code).toBe(0);
  });

  it("X-Forwarded-For is not believed without trusted proxies", async () => {
    for (let i = 0; i <= ADDRESS_POLICY.freeFailures + 1; i++)
      await app.inject({
        method: "POST",
        url: "/api/sso/login",
        remoteAddress: ip,
        headers: { "x-forwarded-for": `192.0.2.${i}` },
        payload: {
          account_name: `xff-${i}`,
          account_password: "wrong-password",
          account_type: "enterprise",
          permissions: 1,
        },
      });
    expect(envelope(await signIn("admin", DEMO_PASSWORD)).status_code).toBe(429);
  });
});

describe("a disabled account", () => {
  it("gets the wrong-password answer for its right password", async () => {
    const id = await createAccount("disabled1");
    expect(
      envelope(await send({ method: "POST", url: "/api/org/employees/disable", token: admin, payload: { id } })).code,
    ).toBe(0);
    const right = await signIn("disabled1", INITIAL_PASSWORD, "10.13.6.1");
    const wrong = await signIn("disabled1", "wrong-password", "10.13.6.2");
    expect(right.statusCode).toBe(401);
    expect(right.body).toBe(wrong.body);
  });
});

describe("an administrator's password must be replaced at the next sign-in", () => {
  it("a new account signs in with the initial password and can do nothing but change it", async () => {
    const id = await createAccount("newcomer1");
    const token = envelope(await signIn("newcomer1", INITIAL_PASSWORD)).data as string;
    for (const url of ["/api/org/menutree/selectedlist", "/api/base/brands/pagelist"])
      expect(envelope(await send({ url, token }))).toMatchObject({ status_code: 403, code: 40301 });
    // A write is refused too, and writes nothing.
    const before = (await app.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "brands"'))!.n;
    const write = await send({
      method: "POST",
      url: "/api/base/brands/add",
      token,
      payload: { brand_code: "N1", brand_name: "N1", status: "enabled" },
    });
    expect(envelope(write).code).toBe(40301);
    expect((await app.consoleContext.store.get<{ n: number }>('SELECT COUNT(*) AS n FROM "brands"'))!.n).toBe(before);
    // The login log and logout still work.
    expect(
      envelope(
        await send({ method: "POST", url: "/api/org/loginlog/add", token, payload: { accountName: "newcomer1" } }),
      ).code,
    ).toBe(0);
    const change = await send({
      method: "POST",
      url: "/api/org/employees/updatepasswordself",
      token,
      payload: { old_password: INITIAL_PASSWORD, new_password: "my-own-secret" },
    });
    expect(envelope(change).code).toBe(0);
    expect(envelope(await selected(token)).code).toBe(0);
    expect(envelope(await signIn("newcomer1", "my-own-secret")).code).toBe(0);
    expect(await sessionsOf(id)).toBe(2);
  });

  it("an administrator's reset brings the rule back; the seeded demo accounts have set theirs", async () => {
    const id = await createAccount("newcomer2");
    const first = envelope(await signIn("newcomer2", INITIAL_PASSWORD)).data as string;
    await send({
      method: "POST",
      url: "/api/org/employees/updatepasswordself",
      token: first,
      payload: { old_password: INITIAL_PASSWORD, new_password: "chosen-1" },
    });
    expect(
      envelope(await send({ method: "POST", url: "/api/org/employees/updatepassword", token: admin, payload: { id } }))
        .code,
    ).toBe(0);
    const second = envelope(await signIn("newcomer2", INITIAL_PASSWORD)).data as string;
    expect(envelope(await selected(second)).code).toBe(40301);
    expect(envelope(await selected(await login(app, "editor"))).code).toBe(0);
  });

  it("no account keeps the initial password: the demo accounts hold their own, and a change to the initial one is refused", async () => {
    for (const name of ["admin", "editor"])
      expect(envelope(await signIn(name, INITIAL_PASSWORD))).toMatchObject({ code: 40100 });
    expect(envelope(await signIn("editor", DEMO_PASSWORD)).code).toBe(0);
    const id = await createAccount("newcomer3");
    const token = envelope(await signIn("newcomer3", INITIAL_PASSWORD)).data as string;
    const keep = await send({
      method: "POST",
      url: "/api/org/employees/updatepasswordself",
      token,
      payload: { old_password: INITIAL_PASSWORD, new_password: "my-own-secret" },
    });
    expect(envelope(keep).code).toBe(0);
    const fresh = envelope(await signIn("newcomer3", "my-own-secret")).data as string;
    const back = await send({
      method: "POST",
      url: "/api/org/employees/updatepasswordself",
      token: fresh,
      payload: { old_password: "my-own-secret", new_password: INITIAL_PASSWORD },
    });
    expect(envelope(back)).toMatchObject({
      status_code: 400,
      errors: { new_password: "must not be the initial password" },
    });
    // Refused means unchanged: the own password still signs in, the initial one does not.
    expect(envelope(await signIn("newcomer3", "my-own-secret")).code).toBe(0);
    expect(envelope(await signIn("newcomer3", INITIAL_PASSWORD)).code).toBe(40100);
    expect(await sessionsOf(id)).toBeGreaterThan(0);
  });
});

describe("idle timeout", () => {
  it("a session unused for the idle time ends with 50014; use keeps it alive", async () => {
    const start = clock.now;
    try {
      const token = await login(app, "editor");
      for (let i = 0; i < 4; i++) {
        clock.now += DEFAULT_SESSION_IDLE_MS - 60_000;
        expect(envelope(await selected(token)).code).toBe(0);
      }
      clock.now += DEFAULT_SESSION_IDLE_MS;
      expect(envelope(await selected(token))).toMatchObject({ status_code: 403, code: 50014 });
    } finally {
      clock.now = start;
    }
  });
});

describe("disabling ends every session", () => {
  it.each([
    ["employees/disable", (id: number) => ({ url: "/api/org/employees/disable", payload: { id } })],
    ["employees/update", (id: number) => ({ url: "/api/org/employees/update", payload: { id, status: "disabled" } })],
  ])("%s, then enable: the old tokens stay dead", async (name, disable) => {
    const account = `disabled-${name.split("/")[1]}`;
    const id = await createAccount(account);
    const tokens = [await login(app, account, INITIAL_PASSWORD), await login(app, account, INITIAL_PASSWORD)];
    expect(await sessionsOf(id)).toBe(2);
    expect(envelope(await send({ method: "POST", token: admin, ...disable(id) })).code).toBe(0);
    expect(await sessionsOf(id)).toBe(0);
    expect(
      envelope(await send({ method: "POST", url: "/api/org/employees/enable", token: admin, payload: { id } })).code,
    ).toBe(0);
    for (const token of tokens)
      expect(envelope(await selected(token))).toMatchObject({ status_code: 403, code: 50012 });
  });
});
