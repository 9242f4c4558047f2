// npm run audit:sqlmap: Debian's sqlmap at level 2 over every operation of the OpenAPI
// document (/api/docs/json), each parameter in turn, against a fresh server; fails on any finding.
// Not in CI: at level 2 it sends hundreds of thousands of requests (one full run sent 591,768).
// Needs `apt-get install sqlmap`. AUDIT_URL=http://host:port audits a running server instead;
// AUDIT_ONLY=<substring> narrows the operations (e.g. /api/base/brands).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { removeDatabaseFiles } from "../mock-server/db/open-database";
import { DEMO_PASSWORD } from "../mock-server/options";

const root = resolve(import.meta.dirname, "..");
const work = join(root, "bench/.work/sqlmap");
mkdirSync(work, { recursive: true });
const PORT = 4396;
const base = process.env.AUDIT_URL ?? `http://127.0.0.1:${PORT}`;

if (spawnSync("sqlmap", ["--version"], { encoding: "utf8" }).status !== 0) {
  console.error("audit:sqlmap needs sqlmap on the PATH (Debian: apt-get install sqlmap)");
  process.exit(2);
}

let server: ChildProcess | undefined;
if (!process.env.AUDIT_URL) {
  removeDatabaseFiles(join(work, "audit.db"));
  server = spawn(process.execPath, ["--import", "tsx", join(root, "bench/crash-server.ts")], {
    env: { ...process.env, PORT: String(PORT), DB_FILE: join(work, "audit.db"), DOCS: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.on("exit", () => server?.kill("SIGTERM")); // also when the audit itself fails
  await new Promise<void>((ready, failed) => {
    server!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && ready());
    server!.once("exit", (code) => failed(new Error(`server exited with ${code}`)));
  });
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: { type?: string | string[] } }[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { type?: string | string[] }> } }>;
  };
}
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

/** A fresh admin session per operation (an audited call may end the last one). Fails loudly rather than audit signed out. */
async function token(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${base}/api/sso/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          account_name: "admin",
          account_password: DEMO_PASSWORD,
          account_type: "enterprise",
          permissions: 1,
        }),
      });
      const body = (await response.json()) as { code: number; data: string; message: string };
      if (body.code !== 0) throw new Error(`audit:sqlmap cannot sign in as admin any more: ${body.message}`);
      return body.data;
    } catch (error) {
      // A keep-alive socket the server closed while sqlmap ran is not a finding: try a new one.
      if (attempt >= 3 || !(error instanceof TypeError)) throw error;
    }
  }
}

/**
 * A plausible value for a parameter, so the call reaches the database before sqlmap varies it. Ids
 * name no real record, so an audited disable or delete cannot take the audit's own account away.
 */
const sample = (name: string, type: string | string[] | undefined): unknown => {
  const first = Array.isArray(type) ? type.find((t) => t !== "null") : type;
  if (first === "integer" || first === "number") return /(^|_)ids?$/.test(name) ? 999999 : 1;
  return first === "boolean" ? true : "a";
};

const document = (await (await fetch(`${base}/api/docs/json`)).json()) as OpenApi;
const findings: string[] = [];
let operations = 0;
for (const [path, methods] of Object.entries(document.paths)) {
  for (const [method, operation] of Object.entries(methods)) {
    if (method !== "get" && method !== "post") continue;
    if (process.env.AUDIT_ONLY && !path.includes(process.env.AUDIT_ONLY)) continue;
    operations++;
    const common = [
      "--batch",
      "--level=2",
      "--risk=1",
      "--dbms=SQLite",
      "--flush-session",
      `--output-dir=${work}`,
      "--disable-coloring",
    ];
    const headers = `--headers=Token: ${await token()}`;
    const args =
      method === "get"
        ? (() => {
            const query = new URLSearchParams(
              (operation.parameters ?? [])
                .filter((p) => p.in === "query")
                .map((p) => [p.name, String(sample(p.name, p.schema?.type))]),
            );
            return ["-u", `${base}${path}${query.size ? `?${query}` : ""}`, headers, ...common];
          })()
        : (() => {
            const properties = operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
            const body = Object.fromEntries(
              Object.entries(properties).map(([name, schema]) => [name, sample(name, schema.type)]),
            );
            return ["-u", `${base}${path}`, "--method=POST", `--data=${JSON.stringify(body)}`, headers, ...common];
          })();
    const run = spawnSync("sqlmap", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const output = `${run.stdout}\n${run.stderr}`;
    const vulnerable = /identified the following injection point|is vulnerable|might be injectable/i.test(output);
    console.log(`${vulnerable ? "FINDING" : "clean  "} ${method.toUpperCase()} ${path}`);
    if (vulnerable) findings.push(`${method.toUpperCase()} ${path}`);
  }
}
server?.kill("SIGTERM");
console.log(
  `audit:sqlmap: ${operations} operations at level 2, ${findings.length} findings${findings.length ? `: ${findings.join(", ")}` : ""}`,
);
process.exit(findings.length ? 1 : 0);
