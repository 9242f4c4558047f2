// The integrators' section of mock-server/README.md cannot rot: every command of its ```sh blocks is
// run, in order, with bash and curl, against this app listening on a real port, and must answer
// the status its `# → NNN` names (a console call, /api/…, also the envelope's code 0). The
// section's variables are given from the live data: BASE, TOKEN (the admin's session), DEALER_ID,
// CLIENT_ID (a client the examples may re-key and revoke), KEY (another client's, holding every
// permission), EPC and EVENT_ID (a shipped code and one of its events), CAPTURE_ID (a capture
// made with KEY). Deliveries are held back (a poll an hour apart): nothing leaves the machine.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { knownCodeUris } from "../domain/epcis/event-facts";
import { call, envelope, login } from "../test-fixtures/test-app";
import { epcisDocument, observed } from "../test-fixtures/epcis-partner";
import { partnerClient } from "../test-fixtures/partner-client";
import { testDatabase } from "../test-fixtures/test-database";

const run = promisify(execFile);
const SECTION = "## For integrators: partner clients";
const MARK = /\s*#\s*→\s*(\d{3})\s*$/;

interface Example {
  readonly command: string;
  readonly status: number;
}

/** Each command of the section's sh blocks, with the status it names. */
export function examplesOf(readme: string): Example[] {
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`no "${SECTION}" in the README`);
  const end = readme.indexOf("\n## ", start + SECTION.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const examples: Example[] = [];
  for (const [, block] of section.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let lines: string[] = [];
    for (const line of block.split("\n")) {
      if (!lines.length && (line.trim() === "" || line.trim().startsWith("#"))) continue;
      lines.push(line);
      const mark = MARK.exec(line);
      if (!mark) continue;
      lines[lines.length - 1] = line.replace(MARK, "");
      examples.push({ command: lines.join("\n"), status: Number(mark[1]) });
      lines = [];
    }
    if (lines.length) throw new Error(`a command without its "# → status": ${lines.join("\n")}`);
  }
  return examples;
}

let app: FastifyInstance;
let work: string;
const env: Record<string, string> = {};

beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: await testDatabase(),
    seedAnchor: "2024-06-01",
    seedScale: 0.05,
    docs: false,
    subscriptionPollMs: 3_600_000,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the app listens on no port");
  const token = await login(app, "admin");
  const post = async (url: string, body: unknown) => envelope(await call(app, { method: "POST", url, body, token }));
  const ctx = app.consoleContext;
  // A code shipped on to a dealer, named by its shipping event.
  const shipped = await ctx.store.get<{ code: string; dealer_id: number; hash: string }>(
    `SELECT t.code AS code, t.dealer_id AS dealer_id, e.event_hash AS hash FROM _ledger_events e
     JOIN _ledger_event_codes c ON c.event_id = e.id JOIN trace_codes t ON t.code = c.code
     WHERE e.kind = 'ship' AND t.status = 'shipped' AND t.dealer_id IS NOT NULL ORDER BY e.id LIMIT 1`,
  );
  if (!shipped) throw new Error("the seed shipped nothing");
  const epc = (await knownCodeUris(ctx, [shipped.code])).get(shipped.code)!;
  const partner = await partnerClient({ post }, "readme-partner", {
    kind: "logistics",
    capture: true,
    subscribe: true,
  });
  const spare = await partnerClient({ post }, "readme-spare", { kind: "auditor" });
  const captured = await app.inject({
    method: "POST",
    url: "/epcis/capture",
    headers: { authorization: `Bearer ${partner.key}`, "content-type": "application/ld+json" },
    payload: JSON.stringify(epcisDocument([observed("receiving", [epc], "2024-06-02T09:00:00+08:00")])),
  });
  expect(captured.statusCode, captured.body).toBe(202);
  Object.assign(env, {
    BASE: `http://127.0.0.1:${address.port}`,
    TOKEN: token,
    DEALER_ID: String(shipped.dealer_id),
    CLIENT_ID: String(spare.id),
    KEY: partner.key,
    EPC: epc,
    EVENT_ID: shipped.hash,
    CAPTURE_ID: String(captured.headers.location).split("/").pop()!,
  });
  work = await mkdtemp(join(tmpdir(), "integrator-readme-"));
}, 120_000);
afterAll(async () => {
  await app?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the README's integrator examples", () => {
  it("finds commands in every block, each ending with its status", async () => {
    const examples = examplesOf(await readFile(join(__dirname, "..", "README.md"), "utf8"));
    expect(examples.length).toBeGreaterThanOrEqual(10);
    for (const example of examples) expect(example.command.trimStart()).toMatch(/^curl /);
  });

  it("answers each command with the status the README names", async () => {
    const examples = examplesOf(await readFile(join(__dirname, "..", "README.md"), "utf8"));
    for (const [index, { command, status }] of examples.entries()) {
      const body = join(work, `answer-${index}`);
      const { stdout } = await run("bash", ["-c", `${command} -o '${body}' -w '\\n%{http_code}'`], {
        env: { ...process.env, ...env },
        timeout: 20_000,
      });
      const answered = Number(stdout.trim().split("\n").pop());
      const text = await readFile(body, "utf8").catch(() => "");
      expect(answered, `${command}\n→ ${text.slice(0, 400)}`).toBe(status);
      if (/\$BASE\/api\//.test(command)) expect(JSON.parse(text), command).toMatchObject({ code: 0 });
    }
  }, 120_000);

  it("the revoke example ended the spare client's key and left KEY's working", async () => {
    const partnerKey = await app.inject({
      method: "GET",
      url: "/epcis/eventTypes",
      headers: { authorization: `Bearer ${env.KEY}` },
    });
    expect(partnerKey.statusCode).toBe(200);
    const revoked = await app.consoleContext.store.get(`SELECT 1 AS found FROM _partner_keys WHERE client_id = ?`, [
      Number(env.CLIENT_ID),
    ]);
    expect(revoked).toBeUndefined();
  });
});
