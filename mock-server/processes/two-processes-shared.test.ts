// Two real server processes on one PostgreSQL database, A and B (as two-processes.test.ts starts
// them): what decides who may do what is the same on both at once. An account disabled through the
// console's call on A is refused on B's next call; a lockout reached by failed sign-ins spread over
// A and B is seen on both, and an unlock on A frees the account on B; an address caught guessing
// codes on A is blocked on B; the development clock moved on A is B's clock. Addresses come from
// X-Forwarded-For (TRUST_PROXY=127.0.0.1), so each check has its own.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSessionEnded } from "../../schema/contract/envelope";
import { PAIR_POLICY } from "../auth/login-attempts";
import { INITIAL_PASSWORD } from "../options";
import { startServerProcess, type ServerProcess } from "../test-fixtures/server-process";
import { testDatabase, testEngine } from "../test-fixtures/test-database";

describe.runIf(testEngine() === "postgres")("two server processes on one PostgreSQL share who may do what", () => {
  let db: pg.Client;
  let A: ServerProcess;
  let B: ServerProcess;
  let admin: string;
  const env = { SEED_SCALE: "0.05", TRUST_PROXY: "127.0.0.1" };

  beforeAll(async () => {
    const url = await testDatabase();
    // One after the other: the first migrates and seeds the empty database.
    A = await startServerProcess({ DATABASE_URL: url, ...env });
    B = await startServerProcess({ DATABASE_URL: url, ...env });
    db = new pg.Client({ connectionString: url });
    await db.connect();
    admin = await A.login();
  }, 180_000);
  afterAll(async () => {
    for (const server of [A, B]) server?.child.kill("SIGKILL");
    await Promise.all([A, B].map((server) => server?.exited));
    await db?.end();
  });

  const from = (address: string) => ({ "x-forwarded-for": address });
  const menuTree = (server: ServerProcess, token: string) => server.call(token, "/api/org/menutree/selectedlist");
  const clockOn = async (server: ServerProcess) => (await server.call(admin, "/api/dev/clock")).data as { now: string };

  /** Both read one clock: apart only by the time between the two calls, never by a missed minute. */
  const sameClock = async () => {
    const [a, b] = [Date.parse((await clockOn(A)).now), Date.parse((await clockOn(B)).now)];
    expect(Math.abs(b - a)).toBeLessThan(10_000);
  };

  /** A new enabled account, made through the console's call on A; its id. */
  async function newAccount(name: string): Promise<number> {
    const depart = (await db.query(`SELECT id FROM departments ORDER BY id LIMIT 1`)).rows[0].id as number;
    const made = await A.call(admin, "/api/org/employees/add", {
      account_name: name,
      real_name: "Two processes",
      account_type: "enterprise",
      depart_id: Number(depart),
      status: "enabled",
    });
    expect(made.code, made.message).toBe(0);
    return Number((await db.query(`SELECT id FROM employees WHERE account_name = $1`, [name])).rows[0].id);
  }

  it("an account disabled on A is refused on B's next call with its token", async () => {
    const id = await newAccount("procs-disabled");
    const given = await B.signIn("procs-disabled", INITIAL_PASSWORD);
    expect(given.code, given.message).toBe(0);
    const changed = await B.call(given.data as string, "/api/org/employees/updatepasswordself", {
      old_password: INITIAL_PASSWORD,
      new_password: "procs-own-1",
    });
    expect(changed.code, changed.message).toBe(0);
    const token = (await A.signIn("procs-disabled", "procs-own-1")).data as string;
    // Both know the session now (each keeps it in memory).
    for (const server of [A, B]) expect((await menuTree(server, token)).code).toBe(0);
    expect((await A.call(admin, "/api/org/employees/disable", { id })).code).toBe(0);
    const refused = await menuTree(B, token);
    expect(isSessionEnded(refused.code), `${refused.code} ${refused.message}`).toBe(true);
    expect(isSessionEnded((await menuTree(A, token)).code)).toBe(true);
  }, 60_000);

  it("a lockout reached by failures on A and B is seen on both; an unlock on A frees the account on B", async () => {
    const id = await newAccount("procs-locked");
    const address = from("198.51.100.7");
    for (let i = 0; i < PAIR_POLICY.lockAfter; i += 1) {
      // Wait out the growing delay by moving the development clock on one; a signed-in call on each
      // (it first hears what was committed before it) shows both read the moved clock.
      expect((await (i % 2 === 0 ? B : A).call(admin, "/api/dev/clock", { advance_minutes: 1 })).code).toBe(0);
      await sameClock();
      const failed = await (i % 2 === 0 ? A : B).signIn("procs-locked", "wrong-password", address);
      expect(failed.code, `failure ${i}: ${failed.message}`).toBe(40100);
    }
    expect((await A.call(admin, "/api/dev/clock", { advance_minutes: 1 })).code).toBe(0);
    await sameClock();
    for (const server of [A, B])
      expect((await server.signIn("procs-locked", INITIAL_PASSWORD, address)).status_code).toBe(429);
    expect((await A.call(admin, "/api/org/employees/unlock", { id })).code).toBe(0);
    const freed = await B.signIn("procs-locked", INITIAL_PASSWORD, address);
    expect(freed.code, freed.message).toBe(0);
  }, 60_000);

  it("an address caught guessing codes on A is blocked on B", async () => {
    const guesser = "203.0.113.44";
    const scan = (server: ServerProcess, code: string, address: string) =>
      fetch(`${server.base}/api/public/scan?${new URLSearchParams({ code, path: "m_q" })}`, {
        headers: from(address),
      });
    for (let i = 0; i < 20; i += 1) expect((await scan(A, `ZZPROCS${i}`, guesser)).status).toBe(200);
    const { code } = (await db.query(`SELECT code FROM trace_codes WHERE status = 'shipped' LIMIT 1`)).rows[0] as {
      code: string;
    };
    const blocked = await scan(B, code, guesser);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await scan(B, code, "203.0.113.45")).status).toBe(200);
  }, 60_000);

  it("the development clock moved on A is B's clock", async () => {
    const before = Date.parse((await clockOn(B)).now);
    expect((await A.call(admin, "/api/dev/clock", { advance_minutes: 7 })).code).toBe(0);
    const after = Date.parse((await clockOn(B)).now);
    // Seven minutes on, give or take the seconds the calls took.
    expect(after - before).toBeGreaterThanOrEqual(7 * 60_000);
    expect(after - before).toBeLessThan(8 * 60_000);
  }, 60_000);
});
