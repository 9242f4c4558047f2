// The engines a conformance test runs on: SQLite always, PostgreSQL in a throwaway cluster when it
// is installed (under CI it must be: postgresForTests). One cluster per test file, removed after it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { postgresForTests, startTestCluster, type TestCluster } from "../pg/test-cluster";
import type { EngineName } from "./dialect";
import type { Engine } from "./engine";
import { PgEngine, type PgEngineOptions } from "./pg-engine";
import { SqliteEngine } from "./sqlite-engine";

export interface EngineSubject {
  readonly name: EngineName;
  /** A new engine on this file's database (each SQLite engine on a file of its own). */
  open(options?: PgEngineOptions): Engine;
  /** The PostgreSQL cluster under it, for tests that stop and start the server. */
  cluster(): TestCluster | undefined;
}

export function engineSubjects(): EngineSubject[] {
  const folder = mkdtempSync(join(tmpdir(), "engine-test-"));
  let files = 0;
  let cluster: TestCluster | undefined;
  afterAll(() => {
    cluster?.remove();
    rmSync(folder, { recursive: true, force: true });
  });
  const sqlite: EngineSubject = {
    name: "sqlite",
    // A short wait, so a statement that waits for its own transaction fails the test quickly.
    open: () => new SqliteEngine(join(folder, `engine-${++files}.db`), { lockWaitMs: 1000 }),
    cluster: () => undefined,
  };
  if (!postgresForTests().available) return [sqlite];
  const postgres: EngineSubject = {
    name: "postgres",
    open: (options) => new PgEngine((cluster ??= startTestCluster()).url, options),
    cluster: () => cluster,
  };
  return [sqlite, postgres];
}

export const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
