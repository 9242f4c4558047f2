// Helpers for inject() tests: an app on an in-memory database seeded from the fixture
// contract, a movable clock, and a logged-in call.
import { testDatabase } from "./test-database";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app";
import type { ServerContract } from "../../schema/contract/server-contract";
import { DEMO_PASSWORD, type AppOptions } from "../options";
import { fixtureContract } from "./contract.fixture";

export const ANCHOR = "2024-06-01";

export interface TestClock {
  now: number;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly clock: TestClock;
}

export async function fixtureApp(options: Partial<AppOptions> & { contract?: ServerContract } = {}): Promise<TestApp> {
  const clock: TestClock = { now: Date.parse(`${ANCHOR}T10:00:00Z`) };
  const app = await buildApp({
    contract: fixtureContract,
    dbFile: await testDatabase(),
    seedAnchor: ANCHOR,
    clock: () => clock.now,
    docs: false,
    ...options,
  });
  await app.ready();
  return { app, clock };
}

export interface Call {
  method?: "GET" | "POST";
  url: string;
  token?: string;
  body?: unknown;
  query?: Record<string, string>;
  /** Accept-Language: the language of the answer's messages (English when absent). */
  language?: string;
}

export function call(
  app: FastifyInstance,
  { method = "GET", url, token, body, query, language }: Call,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    query,
    headers: { ...(token ? { token } : {}), ...(language ? { "accept-language": language } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export async function login(app: FastifyInstance, account: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await call(app, {
    method: "POST",
    url: "/api/sso/login",
    body: { account_name: account, account_password: password, account_type: "enterprise", permissions: 1 },
  });
  const body = response.json<{ code: number; data: unknown }>();
  if (body.code !== 0 || typeof body.data !== "string") throw new Error(`login ${account} failed: ${response.body}`);
  return body.data;
}

/** A response body as every call answers it. */
export interface Envelope {
  status_code: number;
  code: number;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the data's shape is the call's; tests read it as they assert on it
  data: any;
  errors?: Record<string, string>;
}

/** The envelope of a response, asserting HTTP status = status_code. */
export function envelope(response: LightMyRequestResponse): Envelope {
  const body = response.json<Envelope>();
  if (body.status_code !== response.statusCode)
    throw new Error(`status ${response.statusCode} but status_code ${body.status_code}`);
  return body;
}
