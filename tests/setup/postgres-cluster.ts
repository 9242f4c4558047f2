// Vitest global setup: with TEST_ENGINE=pg, one throwaway PostgreSQL cluster for the whole run
// (mock-server/db/pg/test-cluster.ts), removed when the run ends; test files create their own
// databases on it (mock-server/test-fixtures/test-database.ts). Without it, nothing starts.
import type { TestProject } from "vitest/node";
import { startTestCluster } from "../../mock-server/db/pg/test-cluster";

export default function setup(project: TestProject): (() => void) | undefined {
  if (process.env.TEST_ENGINE !== "pg") {
    project.provide("postgresUrl", undefined);
    return undefined;
  }
  const cluster = startTestCluster({ database: "tests" });
  project.provide("postgresUrl", cluster.url);
  return () => cluster.remove();
}
