// Sign-in counts live in the database: a restart keeps a lock, and an operator clears it from the
// command line (npm run unlock) with no session, while the server runs on the same file.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { fixtureContract } from "../test-fixtures/contract.fixture";
import { envelope } from "../test-fixtures/test-app";
import { DEMO_PASSWORD } from "../options";
import { PAIR_POLICY } from "./login-attempts";
import { unlock } from "./unlock-cli";

const dir = mkdtempSync(join(tmpdir(), "unlock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const dbFile = join(dir, "console.db");
const start = () => buildApp({ contract: fixtureContract, dbFile, docs: false, seedAnchor: "2024-06-01" });
const signIn = (app: FastifyInstance, password: string, remoteAddress: string) =>
  app.inject({
    method: "POST",
    url: "/api/sso/login",
    remoteAddress,
    payload: { account_name: "editor", account_password: password, account_type: "enterprise", permissions: 1 },
  });
async function lockOut(app: FastifyInstance, address: string): Promise<void> {
  for (let i = 0; i < PAIR_POLICY.lockAfter; i++) await signIn(app, "wrong-password", address);
  expect(envelope(await signIn(app, DEMO_PASSWORD, address)).status_code).toBe(429);
}

describe("sign-in locks in the database", () => {
  it("survive a restart", async () => {
    const first = await start();
    await lockOut(first, "192.0.2.10");
    await first.close();
    const second = await start();
    try {
      expect(envelope(await signIn(second, DEMO_PASSWORD, "192.0.2.10")).status_code).toBe(429);
    } finally {
      await second.close();
    }
  });

  it("are cleared by `npm run unlock -- <account>` with no session, while the server runs, and the unlock is logged", async () => {
    const app = await start();
    try {
      await lockOut(app, "192.0.2.11");
      const script = join(import.meta.dirname, "unlock-cli.ts");
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", script, "editor", "--db-file", dbFile],
        { cwd: join(import.meta.dirname, "../..") },
      );
      expect(stdout).toMatch(/unlocked account 'editor'.*logged as operator:/);
      expect(envelope(await signIn(app, DEMO_PASSWORD, "192.0.2.11")).code).toBe(0);
      expect(
        (
          await app.consoleContext.store.get<{ actor: string }>(
            "SELECT actor FROM _login_unlocks WHERE account_name = 'editor' ORDER BY id DESC LIMIT 1",
          )
        )?.actor,
      ).toMatch(/^operator:/);
    } finally {
      await app.close();
    }
  }, 30_000);

  it("are cleared for an address by unlock --address", async () => {
    const app = await start();
    try {
      for (let i = 0; i < 120; i++)
        await app.inject({
          method: "POST",
          url: "/api/sso/login",
          remoteAddress: "192.0.2.12",
          payload: { account_name: `spray-${i}`, account_password: "x", account_type: "enterprise", permissions: 1 },
        });
      expect(envelope(await signIn(app, DEMO_PASSWORD, "192.0.2.12")).status_code).toBe(429);
      expect(await unlock(dbFile, { address: "192.0.2.12" }, "operator:test")).toMatch(/unlocked address 192.0.2.12/);
      expect(envelope(await signIn(app, DEMO_PASSWORD, "192.0.2.12")).code).toBe(0);
    } finally {
      await app.close();
    }
  });
});
