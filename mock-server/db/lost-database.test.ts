// A lost PostgreSQL answers 503 with the envelope, not a 500 or a hang, and the server recovers by
// itself once the database is back. The app runs on a cluster of its own, so stopping it disturbs no
// other test file. (SQLite is a file in the process: there is no connection to lose.)
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, fixtureApp, login } from "../test-fixtures/test-app";
import { testEngine } from "../test-fixtures/test-database";
import { startTestCluster, type TestCluster } from "./pg/test-cluster";
import { ErrorCode } from "../refusals";

const LIST = "/api/base/brands/pagelist";

describe.runIf(testEngine() === "postgres")("a lost PostgreSQL connection over HTTP", () => {
  let cluster: TestCluster;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    cluster = startTestCluster({ database: "lost" });
    ({ app } = await fixtureApp({ dbFile: cluster.url }));
    token = await login(app, "admin");
  });
  afterAll(async () => {
    await app?.close();
    cluster?.remove();
  });

  async function list(language?: string) {
    const started = Date.now();
    const response = await call(app, { url: LIST, token, language });
    return { response, ms: Date.now() - started };
  }

  it("answers 200, then 503 with the envelope while the cluster is down, then 200 again", async () => {
    expect((await list()).response.statusCode).toBe(200);

    // immediate: every connection, idle ones in the pool included, is cut as a crash would cut it.
    cluster.stop("immediate");
    for (const language of [undefined, "zh-CN"]) {
      const { response, ms } = await list(language);
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      const body = response.json<Record<string, unknown>>();
      expect(body).toMatchObject({ status_code: 503, code: ErrorCode.databaseUnavailable, data: null });
      expect(body.key).toBe("common.databaseUnavailable");
      // The driver's words (socket paths, "Connection terminated") stay in the log.
      expect(response.body).not.toMatch(/ECONN|ENOENT|socket|terminated|postgres/i);
      expect(ms).toBeLessThan(6000);
    }
    // A sign-in reads accounts outside any session cache: the same answer.
    await expect(login(app, "admin")).rejects.toThrow(/"status_code":503/);

    cluster.start();
    const back = await list();
    expect(back.response.statusCode).toBe(200);
    // Every pooled connection is a working one again: more calls than the pool holds all succeed.
    const answers = await Promise.all(Array.from({ length: 24 }, () => list()));
    expect(answers.map(({ response }) => response.statusCode)).toEqual(answers.map(() => 200));
  });
});
