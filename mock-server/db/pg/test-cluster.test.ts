// The throwaway cluster starts, answers on its socket, survives a stop and start, and leaves
// nothing behind; without PostgreSQL a run fails under CI and skips, saying why, elsewhere.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { postgresForTests, startTestCluster, type TestCluster } from "./test-cluster";

describe("without PostgreSQL", () => {
  const nowhere = mkdtempSync(join(tmpdir(), "no-postgres-"));
  afterAll(() => rmSync(nowhere, { recursive: true, force: true }));

  it("fails under CI", () => {
    expect(() => postgresForTests({ CI: "true" }, nowhere)).toThrow(/not installed.*CI must run/s);
  });

  it("skips elsewhere and prints why", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const found = postgresForTests({}, nowhere);
    expect(found).toMatchObject({ available: false, reason: expect.stringContaining("apt-get install postgresql") });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Skipping the PostgreSQL tests"));
    warn.mockRestore();
  });
});

const postgres = postgresForTests();

describe.runIf(postgres.available)("a throwaway cluster", () => {
  let cluster: TestCluster;
  afterAll(() => cluster?.remove());

  async function ask(sql: string): Promise<unknown> {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows[0];
    } finally {
      await client.end();
    }
  }

  it("serves one database on a socket in its own folder, with no TCP port", async () => {
    cluster = startTestCluster({ database: "cluster_test" });
    expect(existsSync(join(cluster.socketFolder, ".s.PGSQL.5432"))).toBe(true);
    expect(statSync(cluster.socketFolder).mode & 0o077).toBe(0);
    expect(await ask("SELECT current_database() AS db, current_setting('listen_addresses') AS tcp")).toEqual({
      db: "cluster_test",
      tcp: "",
    });
    expect(await ask("SELECT current_setting('fsync') AS fsync")).toEqual({ fsync: "off" });
    expect(cluster.major).toBeGreaterThanOrEqual(15);
  });

  it("keeps its data across a stop and a start", async () => {
    await ask("CREATE TABLE kept (v text)");
    await ask("INSERT INTO kept VALUES ('still here')");
    cluster.stop("immediate");
    await expect(ask("SELECT 1")).rejects.toThrow();
    cluster.start();
    expect(await ask("SELECT v FROM kept")).toEqual({ v: "still here" });
  });

  it("removes everything", () => {
    const folder = cluster.socketFolder;
    cluster.remove();
    expect(existsSync(folder)).toBe(false);
  });
});
