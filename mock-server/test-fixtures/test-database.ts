// Where a server test keeps its data. On the default run every test gets an in-memory SQLite
// database. With TEST_ENGINE=pg (npm run test:pg) vitest's global setup starts one throwaway
// PostgreSQL cluster (tests/setup/postgres-cluster.ts) and each call here creates a fresh, empty
// database on it, so test files run side by side without seeing each other's rows.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/** Which engine this test run exercises. */
export const testEngine = (): "sqlite" | "postgres" => (process.env.TEST_ENGINE === "pg" ? "postgres" : "sqlite");

/** A new, empty database for one app or store: ":memory:", or the URL of a fresh PostgreSQL database. */
export async function testDatabase(): Promise<string> {
  if (testEngine() === "sqlite") return ":memory:";
  const clusterUrl = inject("postgresUrl");
  if (!clusterUrl)
    throw new Error("TEST_ENGINE=pg without a cluster: run through vitest (its global setup starts one)");
  const name = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  // postgres://user@/database?host=/socket/folder: no host part, which URL cannot parse.
  return clusterUrl.replace(/@\/[^?]*/, `@/${name}`);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway cluster's URL (its first database), when TEST_ENGINE=pg. */
    postgresUrl: string | undefined;
  }
}
