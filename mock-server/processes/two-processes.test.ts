// Two real server processes on one PostgreSQL database, on two ports: the chain's walk (generate,
// activate, pack, ship, scan, warn, inspect) with its calls sent to the two in turn; a generation
// job started on one, that process killed -9 mid-job, is finished by the other with no code missing
// or doubled. Sessions and totals are the database's: a sign-in, a logout and a write on one are
// seen by the other at once. SERVER_PROCESSES=2 serves one port from two workers and stops them gracefully.
// Over a SQLite file, SERVER_PROCESSES=2 is refused at start with the reason.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { isSessionEnded } from "../../schema/contract/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alternatingChain } from "../test-fixtures/alternating-chain";
import { draftWaybill, logisticsStock } from "../test-fixtures/logistics-stock";
import { startServerProcess, type ServerProcess } from "../test-fixtures/server-process";
import { testDatabase, testEngine } from "../test-fixtures/test-database";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testEngine() === "postgres")("two server processes on one PostgreSQL", () => {
  let db: pg.Client;
  let url: string;
  const servers: ServerProcess[] = [];
  // A short lease, so the survivor takes the dead process's job over within the test.
  const jobEnv = { JOB_LEASE_MS: "2000", JOB_POLL_MS: "200", SEED_SCALE: "0.05" };

  beforeAll(async () => {
    url = await testDatabase();
    // One after the other: the first migrates and seeds the empty database.
    servers.push(await startServerProcess({ DATABASE_URL: url, ...jobEnv }));
    servers.push(await startServerProcess({ DATABASE_URL: url, ...jobEnv }));
    db = new pg.Client({ connectionString: url });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) server.child.kill("SIGKILL");
    await Promise.all(servers.map((server) => server.exited));
    await db?.end();
  });
  const count = async (sql: string, params: unknown[]) => Number((await db.query(sql, params)).rows[0].n);

  it("walks the chain with its calls alternating between the two processes", async () => {
    const chain = await alternatingChain(servers, db);
    // generate (four jobs, each run by whichever process claims it), activate and pack.
    const stock = await logisticsStock(chain);
    // ship: a loose case (box 2 and item 6 inside) onto a draft, confirmed.
    const waybill = await draftWaybill(chain, stock, stock.dealers[0]);
    const added = await chain.post("/api/physical/waybillcodes/add", { waybill_id: waybill.id, code: stock.C[1] });
    expect(added.code, added.message).toBe(0);
    const shipped = await chain.post("/api/physical/waybills/ship", { id: waybill.id });
    expect(shipped.code, shipped.message).toBe(0);
    const statusOf = async (code: string) =>
      (await chain.all(`SELECT status FROM trace_codes WHERE code = ?`, [code]))[0].status;
    expect(await statusOf(stock.I[6])).toBe("shipped");
    // scan: the shipped item on one process, an activated item never shipped on the other.
    const scan = async (server: ServerProcess, code: string) =>
      (await fetch(`${server.base}/api/public/scan?code=${code}`)).json() as Promise<{ code: number; data: unknown }>;
    expect((await scan(servers[0], stock.I[6])).code).toBe(0);
    expect((await scan(servers[1], stock.I[7])).code).toBe(0);
    // warn: the unshipped item's scan raised its warning.
    const [warning] = await chain.all(`SELECT id, status FROM consumer_warnings WHERE code = ? AND rule = ?`, [
      stock.I[7],
      "unshipped_scan",
    ]);
    expect(warning).toMatchObject({ status: "pending" });
    // inspect: an inspection settles it.
    const inspected = await chain.post("/api/inspect/inspections/add", {
      inspection_no: "IN-TWO-1",
      dealer_id: stock.dealers[0],
      result: "compliant",
      code: stock.I[7],
      geo: "geo:30.2741,120.1551",
      warning_id: warning.id,
    });
    expect(inspected.code, inspected.message).toBe(0);
    expect((await chain.all(`SELECT status FROM consumer_warnings WHERE id = ?`, [warning.id]))[0].status).toBe(
      "verified",
    );
    // Both processes answered calls of the walk, in turn.
    expect(new Set(chain.answeredBy)).toEqual(new Set([0, 1]));
  }, 180_000);

  it("a sign-in on one is used on the other, a logout on one is seen by the other, a total is right just after a write on the other", async () => {
    const [one, other] = servers;
    const token = await one.login();
    expect((await other.call(token, "/api/org/menutree/selectedlist")).code).toBe(0);
    const totalOn = async (server: ServerProcess) =>
      (await server.call(token, "/api/base/warehouses/pagelist", undefined, { page: "1", size: "1" })).data
        .total as number;
    const before = await totalOn(other);
    const added = await one.call(token, "/api/base/warehouses/add", {
      warehouse_code: "WH-TWO-1",
      warehouse_name: "两进程仓",
      warehouse_type: "regional",
      region_code: "330106",
    });
    expect(added.code, added.message).toBe(0);
    expect(await totalOn(other)).toBe(before + 1);
    expect((await other.call(token, "/api/sso/loginout", {})).code).toBe(0);
    const after = await one.call(token, "/api/org/menutree/selectedlist");
    expect(isSessionEnded(after.code), `${after.code} ${after.message}`).toBe(true);
  }, 60_000);

  it("SERVER_PROCESSES=2 serves one port from two workers; SIGTERM drains them (/readyz 503) and exits 0", async () => {
    const primary = await startServerProcess({ DATABASE_URL: url, SERVER_PROCESSES: "2", DRAIN_SECONDS: "2" });
    try {
      // The first worker's line came; the second starts once the first listens.
      const workers = () =>
        execFileSync("ps", ["--ppid", String(primary.child.pid), "-o", "pid="], { encoding: "utf8" })
          .split("\n")
          .filter((line) => line.trim()).length;
      for (let waited = 0; workers() < 2 && waited < 60_000; waited += 200) await pause(200);
      expect(workers()).toBe(2);
      for (let waited = 0; waited < 60_000; waited += 200) {
        const answers = await Promise.all([1, 2, 3, 4].map(() => fetch(`${primary.base}/readyz`)));
        if (answers.every((answer) => answer.status === 200)) break;
        await pause(200);
      }
      const token = await primary.login();
      expect((await primary.call(token, "/api/org/menutree/selectedlist")).code).toBe(0);
      primary.child.kill("SIGTERM");
      await pause(500);
      const draining = await fetch(`${primary.base}/readyz`);
      expect(draining.status).toBe(503);
      expect(await primary.exited).toBe(0);
    } finally {
      primary.child.kill("SIGKILL");
    }
  }, 180_000);

  it("a job whose process is killed mid-job is finished by the other, every code issued once", async () => {
    const [doomed, survivor] = servers;
    const token = await doomed.login();
    const rule = await doomed.call(token, "/api/tagging/coderules/add", {
      rule_code: "TP1",
      rule_name: "两个进程",
      status: "enabled",
      code_type: "item",
      kind: "segments",
      length: 20,
      charset: "alphanumeric",
      segments: "level + random:18 + check",
    });
    expect(rule.code, rule.message).toBe(0);
    const quantity = 20_000;
    const order = await doomed.call(token, "/api/tagging/codeorders/add", {
      order_no: "TPO1",
      rule_id: rule.data.id,
      quantity,
    });
    const generated = await doomed.call(token, "/api/tagging/codeorders/generate", { id: order.data.id });
    expect(generated.code, generated.message).toBe(0);
    const progress = async () =>
      (await db.query(`SELECT status, succeeded FROM code_batches WHERE order_id = $1`, [order.data.id])).rows[0] as {
        status: string;
        succeeded: string;
      };
    while (Number((await progress()).succeeded) < 1_000) await pause(20);
    const owner = (await db.query(`SELECT owner FROM _job_leases`)).rows[0].owner as string;
    expect(owner).toContain(`:${doomed.child.pid}:`);
    doomed.child.kill("SIGKILL");
    expect(await doomed.exited).toBe("SIGKILL");
    const atDeath = await progress();
    expect(atDeath.status).toBe("running");
    expect(Number(atDeath.succeeded)).toBeLessThan(quantity);

    for (let waited = 0; (await progress()).status !== "done" && waited < 120_000; waited += 100) await pause(100);
    expect(await progress()).toEqual({ status: "done", succeeded: String(quantity) });
    expect((await db.query(`SELECT owner FROM _job_leases`)).rows).toEqual([]);
    const codes = `SELECT code FROM trace_codes WHERE order_id = $1`;
    expect(await count(`SELECT count(*) AS n FROM trace_codes WHERE order_id = $1`, [order.data.id])).toBe(quantity);
    expect(await count(`SELECT count(DISTINCT code) AS n FROM trace_codes WHERE order_id = $1`, [order.data.id])).toBe(
      quantity,
    );
    // Each code has exactly one issue event: the dead process's uncommitted chunk left nothing.
    expect(await count(`SELECT count(*) AS n FROM _ledger_event_codes WHERE code IN (${codes})`, [order.data.id])).toBe(
      quantity,
    );
    // The survivor answers for the order as it would for its own.
    const survivorToken = await survivor.login();
    const seen = await survivor.call(survivorToken, "/api/tagging/codeorders/detail", undefined, {
      id: String(order.data.id),
    });
    expect(seen.data).toMatchObject({ status: "generated" });
  }, 180_000);
});

describe("several processes over SQLite", () => {
  const folder = mkdtempSync(join(tmpdir(), "processes-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("SERVER_PROCESSES=2 over a SQLite file is refused at start, saying why", async () => {
    const start = startServerProcess({ SERVER_PROCESSES: "2", DB_FILE: join(folder, "one.db"), DATABASE_URL: "" });
    await expect(start).rejects.toThrow(
      "The server did not start: SERVER_PROCESSES=2 needs PostgreSQL (DATABASE_URL): a SQLite file has one writer, so it is served by one process.",
    );
  }, 60_000);
});
