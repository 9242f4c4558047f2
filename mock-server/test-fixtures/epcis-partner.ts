// Accounts and documents for the EPCIS capture tests: a dealer account made the way an
// administrator makes one (a role granted `epciscapture`, a position holding it, an account of type
// dealer acting for a dealer), signed in with its own password; a capture sent and its job awaited;
// EPCIS events about codes, named by the URIs the query interface gives them.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { contract } from "../generated/contract.gen";
import { INITIAL_PASSWORD } from "../options";
import { knownCodeUris } from "../domain/epcis/event-facts";
import { EPCIS_CONTEXT } from "../domain/epcis/epcis-namespace";
import { call, envelope } from "./test-app";

const PASSWORD = "Partner-own-9";

const pathOf = (resource: string, kind: "create" | "options"): string => {
  const endpoint = contract.resources.find((candidate) => candidate.name === resource)?.endpoints[kind];
  if (!endpoint) throw new Error(`the contract has no ${resource}.${kind}`);
  return endpoint.path;
};

async function asAdmin<T>(app: FastifyInstance, admin: string, url: string, body?: unknown): Promise<T> {
  const answer = envelope(await call(app, { method: body === undefined ? "GET" : "POST", url, body, token: admin }));
  if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data as T;
}

/** A signed-in account of `accountType` (dealer: acting for `dealerId`) whose role holds `menus`. */
export async function partnerAccount(
  app: FastifyInstance,
  admin: string,
  name: string,
  options: { accountType: string; dealerId?: number | null; menus: readonly string[] },
): Promise<string> {
  const [department] = await asAdmin<{ value: number }[]>(app, admin, pathOf("departments", "options"));
  const role = await asAdmin<{ id: number }>(app, admin, pathOf("roles", "create"), {
    role_name: `partner_${name}`,
    role_desc: "EPCIS partner",
  });
  await asAdmin(app, admin, "/api/org/menutree/savetree", {
    role_id: role.id,
    menu_keys: options.menus,
    button_codes: [],
  });
  const position = await asAdmin<{ id: number }>(app, admin, pathOf("positions", "create"), {
    position_code: `PARTNER_${name}`.toUpperCase(),
    position_name: `partner ${name}`,
    depart_id: department.value,
  });
  await asAdmin(app, admin, pathOf("position_roles", "create"), { position_id: position.id, role_id: role.id });
  await asAdmin(app, admin, pathOf("employees", "create"), {
    account_name: name,
    real_name: `partner ${name}`,
    account_type: options.accountType,
    depart_id: department.value,
    position_id: position.id,
    status: "enabled",
    ...(options.dealerId ? { dealer_id: options.dealerId } : {}),
  });
  const signIn = async (password: string) =>
    envelope(
      await call(app, {
        method: "POST",
        url: "/api/sso/login",
        body: { account_name: name, account_password: password, account_type: options.accountType, permissions: 1 },
      }),
    );
  const first = await signIn(INITIAL_PASSWORD);
  if (first.code !== 0) throw new Error(`login ${name}: ${first.message}`);
  const changed = envelope(
    await call(app, {
      method: "POST",
      url: "/api/org/employees/updatepasswordself",
      token: first.data as string,
      body: { old_password: INITIAL_PASSWORD, new_password: PASSWORD },
    }),
  );
  if (changed.code !== 0) throw new Error(`password of ${name}: ${changed.message}`);
  const token = (await signIn(PASSWORD)).data as string;
  return token;
}

/** The URI the ledger names each code by. */
export async function uriOf(app: FastifyInstance, codes: readonly string[]): Promise<string[]> {
  const uris = await knownCodeUris(app.consoleContext, codes);
  return codes.map((code) => {
    const uri = uris.get(code);
    if (!uri) throw new Error(`no code ${code}`);
    return uri;
  });
}

export const epcisDocument = (events: readonly Record<string, unknown>[]) => ({
  "@context": [EPCIS_CONTEXT],
  type: "EPCISDocument",
  schemaVersion: "2.0",
  creationDate: "2024-06-01T08:00:00Z",
  epcisBody: { eventList: events },
});

/** An ObjectEvent OBSERVE of `bizStep` naming `epcs` at `eventTime`. */
export const observed = (bizStep: string, epcs: readonly string[], eventTime: string, extra = {}) => ({
  type: "ObjectEvent",
  eventTime,
  eventTimeZoneOffset: "+08:00",
  epcList: epcs,
  action: "OBSERVE",
  bizStep,
  ...extra,
});

export interface CaptureJob {
  captureID: string;
  running: boolean;
  success: boolean;
  captureErrorBehaviour: string;
  errors: { type: string; status: number; detail: string; instance?: string }[];
  "tc:events": { index: number; outcome: string; eventID?: string; capturedEventID?: string }[];
}

/** POSTs `body` to /epcis/capture; the response. */
export const postCapture = (
  app: FastifyInstance,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> =>
  app.inject({
    method: "POST",
    url: "/epcis/capture",
    headers: { ...(token ? { token } : {}), "content-type": "application/ld+json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

/** Captures `document`, waits for its job to finish and gives its report. */
export async function capture(
  app: FastifyInstance,
  token: string,
  document: unknown,
  headers: Record<string, string> = {},
): Promise<CaptureJob> {
  const accepted = await postCapture(app, token, document, headers);
  if (accepted.statusCode !== 202) throw new Error(`capture: ${accepted.statusCode} ${accepted.body}`);
  const location = String(accepted.headers.location);
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const report = await app.inject({
      method: "GET",
      url: location,
      headers: { ...(token ? { token } : {}), ...headers },
    });
    if (report.statusCode !== 200) throw new Error(`job: ${report.statusCode} ${report.body}`);
    const job = report.json<CaptureJob>();
    if (!job.running) return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`capture job ${location} still running`);
}
