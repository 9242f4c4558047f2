// Two server processes on one PostgreSQL: what decides who may do what, and every exact figure a
// process keeps in memory, is the same on both at once (docs/decisions/0019-shared-state.md). Two
// apps, each with its own store, listener and caches, share one database, and the calls go to one
// and then the other, as a load balancer would send them. SQLite is a file one process owns: there
// is no second process on it to disagree with, so this file needs two processes on one network
// database and runs on PostgreSQL only.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { DEFAULT_SESSION_IDLE_MS, INITIAL_PASSWORD } from "../options";
import { PAIR_POLICY } from "../auth/login-attempts";
import { PUBLIC_SCAN_PER_MINUTE } from "../public/consumer-scan";
import { envelope, login, type Envelope } from "../test-fixtures/test-app";
import { testDatabase, testEngine } from "../test-fixtures/test-database";
import { LISTENER_NAME } from "./pg/pg-change-feed";

describe.runIf(testEngine() === "postgres")("two server processes on one PostgreSQL", () => {
  const clock = { now: Date.parse("2024-06-01T08:00:00Z") };
  let url: string;
  let one: FastifyInstance;
  let other: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    url = await testDatabase();
    const build = () =>
      buildApp({
        contract,
        dbFile: url,
        seedAnchor: "2024-06-01",
        seedScale: 0.05,
        clock: () => clock.now,
        docs: false,
      });
    one = await build();
    other = await build(); // finds the database seeded and migrated: it starts as a second process would
    admin = await login(one, "admin");
  }, 180_000);
  afterAll(async () => {
    await one?.close();
    await other?.close();
  });

  const send = (app: FastifyInstance, options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> =>
    app.inject({ ...options, headers: { ...(options.token ? { token: options.token } : {}), ...options.headers } });
  const post = async (app: FastifyInstance, path: string, payload: object, token = admin): Promise<Envelope> =>
    envelope(await send(app, { method: "POST", url: path, payload, token }));
  const get = async (app: FastifyInstance, path: string, query: Record<string, string>, token = admin) =>
    envelope(await send(app, { method: "GET", url: path, query, token }));
  const signIn = (app: FastifyInstance, name: string, password: string, remoteAddress = "127.0.0.1") =>
    send(app, {
      method: "POST",
      url: "/api/sso/login",
      remoteAddress,
      payload: { account_name: name, account_password: password, account_type: "enterprise", permissions: 1 },
    });
  const scan = (app: FastifyInstance, code: string, remoteAddress: string) =>
    send(app, { method: "GET", url: "/api/public/scan", query: { code, path: "m_q" }, remoteAddress });
  const row = async <T>(sql: string, params: unknown[] = []) =>
    (await one.consoleContext.store.get<T>(sql, params as never[]))!;
  const brandsTotal = async (app: FastifyInstance) =>
    (await get(app, "/api/base/brands/pagelist", {})).data.total as number;

  async function newAccount(name: string): Promise<number> {
    const depart = await row<{ id: number }>('SELECT id FROM "departments" ORDER BY id LIMIT 1');
    const payload = { account_name: name, real_name: "Shared", account_type: "enterprise", depart_id: depart.id };
    expect((await post(one, "/api/org/employees/add", { ...payload, status: "enabled" })).code).toBe(0);
    return (await row<{ id: number }>('SELECT id FROM "employees" WHERE account_name = ?', [name])).id;
  }

  it("a sign-in on one is used on the other", async () => {
    const token = await login(other, "editor");
    expect((await get(one, "/api/org/menutree/selectedlist", {}, token)).code).toBe(0);
    expect((await get(other, "/api/org/menutree/selectedlist", {}, token)).code).toBe(0);
  });

  it("a logout on one ends the session on both at once", async () => {
    const token = await login(one, "editor");
    // Both keep the live session in memory now.
    for (const app of [one, other]) expect((await get(app, "/api/org/menutree/selectedlist", {}, token)).code).toBe(0);
    expect((await post(one, "/api/sso/loginout", {}, token)).code).toBe(0);
    for (const app of [other, one])
      expect(await get(app, "/api/org/menutree/selectedlist", {}, token)).toMatchObject({ code: 50012 });
  });

  it("a session kept busy on one is not idle on the other, which last saw it long ago", async () => {
    const token = await login(one, "editor");
    const start = clock.now;
    try {
      expect((await get(other, "/api/org/menutree/selectedlist", {}, token)).code).toBe(0);
      for (let i = 0; i < 3; i += 1) {
        clock.now += DEFAULT_SESSION_IDLE_MS / 2;
        expect((await get(one, "/api/org/menutree/selectedlist", {}, token)).code).toBe(0);
      }
      expect((await get(other, "/api/org/menutree/selectedlist", {}, token)).code).toBe(0);
    } finally {
      clock.now = start;
    }
  });

  it("the duty to change a given password, its change and an administrator's reset are seen by both at once", async () => {
    const id = await newAccount("shared-newcomer");
    const first = envelope(await signIn(one, "shared-newcomer", INITIAL_PASSWORD)).data as string;
    for (const app of [other, one])
      expect((await get(app, "/api/org/menutree/selectedlist", {}, first)).code).toBe(40301);
    const change = { old_password: INITIAL_PASSWORD, new_password: "shared-own-1" };
    expect((await post(one, "/api/org/employees/updatepasswordself", change, first)).code).toBe(0);
    // The other kept "must change" for the account; the change on one reached it.
    for (const app of [other, one]) expect((await get(app, "/api/org/menutree/selectedlist", {}, first)).code).toBe(0);
    // An administrator's reset on the other: the duty is back on one, for a new sign-in too.
    expect((await post(other, "/api/org/employees/updatepassword", { id })).code).toBe(0);
    const second = envelope(await signIn(other, "shared-newcomer", INITIAL_PASSWORD)).data as string;
    for (const app of [one, other])
      expect((await get(app, "/api/org/menutree/selectedlist", {}, second)).code).toBe(40301);
  });

  it("a disabled account is refused by both at once", async () => {
    const id = await newAccount("shared-disabled");
    const given = envelope(await signIn(other, "shared-disabled", INITIAL_PASSWORD)).data as string;
    const change = { old_password: INITIAL_PASSWORD, new_password: "shared-own-2" };
    expect((await post(other, "/api/org/employees/updatepasswordself", change, given)).code).toBe(0);
    const token = envelope(await signIn(one, "shared-disabled", "shared-own-2")).data as string;
    for (const app of [one, other]) expect((await get(app, "/api/org/menutree/selectedlist", {}, token)).code).toBe(0);
    expect((await post(one, "/api/org/employees/disable", { id })).code).toBe(0);
    for (const app of [other, one])
      expect(await get(app, "/api/org/menutree/selectedlist", {}, token)).toMatchObject({ code: 50012 });
  });

  it("a lockout reached on both is seen by both, and an unlock on one frees the account on the other", async () => {
    const id = await newAccount("shared-locked");
    const address = "198.51.100.7";
    const start = clock.now;
    try {
      for (let i = 0; i < PAIR_POLICY.lockAfter; i++) {
        clock.now += 60_000; // wait out every delay
        const app = i % 2 === 0 ? one : other;
        expect(envelope(await signIn(app, "shared-locked", "wrong-password", address)).code).toBe(40100);
      }
      clock.now += 60_000;
      for (const app of [one, other])
        expect(envelope(await signIn(app, "shared-locked", INITIAL_PASSWORD, address)).status_code).toBe(429);
      expect((await post(one, "/api/org/employees/unlock", { id })).code).toBe(0);
      expect(envelope(await signIn(other, "shared-locked", INITIAL_PASSWORD, address)).code).toBe(0);
    } finally {
      clock.now = start;
    }
  });

  it("an address caught guessing codes on both is blocked by both", async () => {
    const guesser = "203.0.113.44";
    for (let i = 0; i < 20; i += 1) {
      const response = await scan(i % 2 === 0 ? one : other, `ZZSHARED${i}`, guesser);
      expect(response.statusCode).toBe(200);
    }
    const { code } = await row<{ code: string }>("SELECT code FROM trace_codes WHERE status = 'shipped' LIMIT 1");
    for (const app of [one, other]) expect((await scan(app, code, guesser)).statusCode).toBe(429);
    expect((await scan(one, code, "203.0.113.45")).statusCode).toBe(200);
  });

  it("the public scan's per-address ceiling counts the scans of both", async () => {
    const { code } = await row<{ code: string }>("SELECT code FROM trace_codes WHERE status = 'shipped' LIMIT 1");
    const address = "192.0.2.61";
    for (let i = 0; i < PUBLIC_SCAN_PER_MINUTE; i += 1)
      expect((await scan(i % 2 === 0 ? one : other, code, address)).statusCode).toBe(200);
    for (const app of [one, other]) {
      const refused = await scan(app, code, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  }, 60_000);

  it("a list total is right on one just after a write on the other", async () => {
    const before = await brandsTotal(other);
    expect(await brandsTotal(one)).toBe(before);
    const created = await post(one, "/api/base/brands/add", {
      brand_code: "SHR1",
      brand_name: "Shared 1",
      status: "enabled",
    });
    expect(created.code).toBe(0);
    expect(await brandsTotal(other)).toBe(before + 1);
    expect((await post(other, "/api/base/brands/delete", { id: created.data.id })).code).toBe(0);
    expect(await brandsTotal(one)).toBe(before);
    expect(await brandsTotal(other)).toBe(before);
  });

  it("a renamed department is the label both answer at once", async () => {
    const employee = await row<{ id: number; depart_id: number }>(
      'SELECT id, depart_id FROM "employees" WHERE depart_id IS NOT NULL ORDER BY id LIMIT 1',
    );
    const labelOn = async (app: FastifyInstance) =>
      (await get(app, "/api/org/employees/detail", { id: String(employee.id) })).data.depart_id_label as string;
    const name = await labelOn(other);
    expect(await labelOn(one)).toBe(name);
    const update = { id: employee.depart_id, depart_name: `${name} (renamed)` };
    expect((await post(one, "/api/org/enterprisedepart/update", update)).code).toBe(0);
    expect(await labelOn(other)).toBe(`${name} (renamed)`);
  });

  it("a role's grants changed on one are what the other enforces at once", async () => {
    const editor = await login(one, "editor");
    const { role_id: roleId } = await row<{ role_id: number }>(
      `SELECT pr.role_id FROM "position_roles" pr JOIN "employees" e ON e.position_id = pr.position_id
       WHERE e.account_name = 'editor' ORDER BY pr.role_id LIMIT 1`,
    );
    const grants = async () => ({
      role_id: roleId,
      menu_keys: (
        await one.consoleContext.store.all<{ k: string }>("SELECT menu_key AS k FROM _role_menus WHERE role_id = ?", [
          roleId,
        ])
      ).map((r) => r.k),
      button_codes: (
        await one.consoleContext.store.all<{ k: string }>(
          "SELECT menu_button_code AS k FROM _role_buttons WHERE role_id = ?",
          [roleId],
        )
      ).map((r) => r.k),
    });
    const products = (app: FastifyInstance) => get(app, "/api/base/products/pagelist", {}, editor);
    const kept = await grants();
    for (const app of [other, one]) expect((await products(app)).code).toBe(0);
    expect(
      (await post(one, "/api/org/menutree/savetree", { role_id: roleId, menu_keys: [], button_codes: [] })).code,
    ).toBe(0);
    for (const app of [other, one]) expect((await products(app)).status_code).toBe(403);
    expect((await post(other, "/api/org/menutree/savetree", kept)).code).toBe(0);
    for (const app of [one, other]) expect((await products(app)).code).toBe(0);
  });

  it("a process whose listening connection is cut drops what it kept, and keeps answering", async () => {
    const before = await brandsTotal(other);
    // Cut the other's listener, then write on one while it cannot hear.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const cut = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
        [LISTENER_NAME],
      );
      expect(cut.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    const created = await post(one, "/api/base/brands/add", {
      brand_code: "SHR2",
      brand_name: "Shared 2",
      status: "enabled",
    });
    expect(created.code).toBe(0);
    expect(await brandsTotal(other)).toBe(before + 1);
    expect(await brandsTotal(one)).toBe(before + 1);
  });
});
