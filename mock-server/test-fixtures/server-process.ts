// A real server process for tests that need more than inject(): several processes on one
// database, a kill -9. The server runs from its sources through tsx, as `npm run mock` runs it,
// on a free port of 127.0.0.1; `ready` resolves once it listens (its "Mock server on" line).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { DEMO_PASSWORD } from "../options";

const ROOT = resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly base: string;
  /** Everything it wrote to stderr, for a failure's message. */
  readonly errors: () => string;
  /** Resolves with its exit code (or signal) once it has exited. */
  readonly exited: Promise<number | string>;
  /** Signs `account` in on this process; answers the session token. */
  login(account?: string): Promise<string>;
  /** A sign-in's answer, as it came (a refusal too); `headers`: e.g. X-Forwarded-For behind TRUST_PROXY. */
  signIn(account: string, password: string, headers?: Record<string, string>): Promise<Envelope>;
  /** A call with the envelope's body: GET with `query`, else POST with `body`. */
  call(
    token: string,
    url: string,
    body?: unknown,
    query?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<Envelope>;
}

export interface Envelope {
  readonly status_code: number;
  readonly code: number;
  readonly message: string;
  readonly data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each call's own shape
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

/** Starts `mock-server/server.ts` with `env` on a free port (PORT in `env` wins). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", resolve(ROOT, "mock-server/server.ts")], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", PORT: port, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string>((done) => child.once("exit", (code, signal) => done(code ?? signal!)));
  await new Promise<void>((ready, failed) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("Mock server on") && ready());
    void exited.then((how) => failed(new Error(`the server exited (${how}) before it listened:\n${stderr}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const call: ServerProcess["call"] = async (token, url, body, query, headers = {}) => {
    const response = await fetch(`${base}${url}${query ? `?${new URLSearchParams(query)}` : ""}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { token, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as Envelope;
  };
  const signIn: ServerProcess["signIn"] = (account, password, headers) =>
    call(
      "",
      "/api/sso/login",
      { account_name: account, account_password: password, account_type: "enterprise", permissions: 1 },
      undefined,
      headers,
    );
  return {
    child,
    base,
    errors: () => stderr,
    exited,
    call,
    signIn,
    async login(account = "admin") {
      const answer = await signIn(account, DEMO_PASSWORD);
      if (answer.code !== 0) throw new Error(`sign-in refused: ${answer.message}`);
      return answer.data as string;
    },
  };
}
