// The permission matrix (spec §4, §6), generated and kept proven:
// every call the server registers, on the real generated contract, × every kind of caller.
// What each contract operation needs comes from the contract itself (readRoles, optionRoles,
// writeRoles, an action's roles), not from the route code, so dropping a route's check fails here
// and a resource added to the manifest is covered without a line of test code.
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../schema/contract/envelope";
import { consoleApp } from "../app";
import type { ContractMenuNode, ContractResource } from "../../schema/contract/server-contract";
import { contract } from "../generated/contract.gen";
import { BODY_LIMIT, DEFAULT_SESSION_TTL_MS, INITIAL_PASSWORD, PLUGIN_TIMEOUT_MS } from "../options";
import { call, envelope, fixtureApp, login, type Call, type TestClock } from "../test-fixtures/test-app";

const DENIED = ERROR_CODES.forbidden;
const SESSION_INVALID = ERROR_CODES.sessionInvalid;
const SESSION_EXPIRED = ERROR_CODES.sessionExpired;

// Calls that need no session, and calls any session may make. Opening a call is a decision,
// so it is listed here by name; every other call the server registers must refuse a caller
// without its grant.
/** A load balancer's probes (http/health-routes.ts): no session, and a body of their own, not the envelope. */
const HEALTH_PROBES = ["GET /healthz", "GET /readyz"];
const PUBLIC = new Set([
  "POST /api/sso/login",
  "POST /api/sso/loginout",
  "GET /api/org/enterpriseaccountnoauth/geticp",
  "GET /api/public/scan",
  // The demo images an <img> loads, with no token.
  "GET /api/public/seed-image",
  // The EPCIS interface's OpenAPI document, public as the console's /api/docs is.
  "GET /epcis/openapi.json",
  ...HEALTH_PROBES,
]);
const ANY_SESSION = new Set([
  // The login log is written by the session that just signed in, never by a stranger.
  "POST /api/org/loginlog/add",
  "POST /loginlog/api/org/loginlog/add",
  "GET /api/org/menutree/selectedlist",
  "POST /api/org/employees/updatepasswordself",
  "GET /api/org/addressareas/findByParentCode",
  "GET /api/dashboard/today",
  // A station's calls sent together: each passes its own route's permission check
  // (http/domain-routes/station-batch-route.test.ts refuses them call by call).
  "POST /api/stations/batch",
]);
/** The password the limited accounts set for themselves at their first sign-in. */
const LIMITED_PASSWORD = "Matrix-own-9";
/** Ends the session it is called with; each caller makes it with a session of its own. */
const ENDS_SESSION = "POST /api/sso/loginout";

// ---- the contract's menus and buttons -------------------------------------------------------

const menuKeys: string[] = [];
const buttonCodes: string[] = [];
const openMenus = new Set<string>();
(function walk(node: ContractMenuNode) {
  menuKeys.push(node.menu_key);
  if (node.open) openMenus.add(node.menu_key);
  for (const button of node.buttons) buttonCodes.push(button.menu_button_code);
  node.children.forEach(walk);
})(contract.menuTree);

// ---- every operation, with the grants the contract gives it -----------------------------------

interface Operation {
  readonly key: string;
  readonly name: string;
  readonly method: "GET" | "POST";
  readonly path: string;
  /** Menu keys or button codes, any one of which admits; undefined: not a contract operation. */
  readonly roles?: readonly string[];
}

function contractOperations(resource: ContractResource): Operation[] {
  const { endpoints, writeRoles } = resource;
  // A resource's readers may also pick from its options (the select boxes of its own forms).
  const grants: Record<string, readonly string[]> = {
    list: resource.readRoles,
    detail: resource.readRoles,
    tree: resource.readRoles,
    options: [...resource.optionRoles, ...resource.readRoles],
    create: writeRoles.create ?? [],
    update: writeRoles.edit ?? writeRoles.update ?? [],
    delete: writeRoles.delete ?? [],
  };
  const operations = Object.entries(endpoints).map(([kind, endpoint]) => ({
    name: `${resource.name}.${kind}`,
    endpoint: endpoint,
    roles: grants[kind],
  }));
  for (const action of resource.actions)
    operations.push({ name: `${resource.name}.${action.name}`, endpoint: action.endpoint, roles: action.roles });
  return operations.map(({ name, endpoint, roles }) => {
    if (!roles) throw new Error(`${name}: the matrix does not know which grant a ${name.split(".")[1]} call needs`);
    if (endpoint.method !== "GET" && endpoint.method !== "POST") throw new Error(`${name}: ${endpoint.method}`);
    return { key: `${endpoint.method} ${endpoint.path}`, name, method: endpoint.method, path: endpoint.path, roles };
  });
}

const fromContract = contract.resources.flatMap(contractOperations);

// ---- the callers ------------------------------------------------------------------------------

type Who = "none" | "bad" | "ended" | "noGrants" | "reader" | "admin";
const WHO: readonly Who[] = ["none", "bad", "ended", "noGrants", "reader", "admin"];
/** What a limited caller holds: nothing, or every menu (so every read) and no button. */
const HOLDS: Partial<Record<Who, ReadonlySet<string>>> = { noGrants: new Set(), reader: new Set(menuKeys) };

/** How a call ended, as the matrix compares it: the gate's codes, "passes" (anything below 500), or a 5xx as "status code message". */
type Outcome =
  "passes" | typeof DENIED | typeof SESSION_INVALID | typeof SESSION_EXPIRED | `${number} ${number} ${string}`;

function expected(operation: Operation, who: Who): Outcome | undefined {
  if (PUBLIC.has(operation.key)) return "passes";
  if (who === "none" || who === "bad" || who === "ended") return SESSION_INVALID;
  if (who === "admin" || ANY_SESSION.has(operation.key)) return "passes";
  const holds = HOLDS[who]!;
  // A call outside the contract: its grant is the route's own business, but a caller with no
  // grant at all must be refused. What the reader may do there is not the contract's to say.
  if (!operation.roles) return who === "noGrants" ? DENIED : undefined;
  return operation.roles.some((role) => openMenus.has(role) || holds.has(role)) ? "passes" : DENIED;
}

let app: FastifyInstance;
const clock: TestClock = { now: Date.parse("2024-06-01T10:00:00Z") };
const registered: string[] = [];
const tokens: Partial<Record<Who, string>> = { bad: "not-a-session-token-of-this-server" };

/** The app as buildApp makes it, with every route it registers written down on the way. */
async function contractApp(): Promise<FastifyInstance> {
  const built = Fastify({ bodyLimit: BODY_LIMIT, pluginTimeout: PLUGIN_TIMEOUT_MS });
  built.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") registered.push(`${method} ${route.url}`);
  });
  await built.register(consoleApp, {
    contract,
    dbFile: ":memory:",
    seedAnchor: "2024-06-01",
    clock: () => clock.now,
    docs: false,
  });
  await built.ready();
  return built;
}

const pathOf = (resource: string, kind: keyof ContractResource["endpoints"]): string => {
  const endpoint = contract.resources.find((candidate) => candidate.name === resource)?.endpoints[kind];
  if (!endpoint) throw new Error(`the contract has no ${resource}.${kind}`);
  return endpoint.path;
};

/** An administrator's call; its data, typed as the caller expects (a created record's id by default). */
async function asAdmin<T = { id: number }>(url: string, body?: unknown): Promise<T> {
  const answer = envelope(
    await call(app, { method: body === undefined ? "GET" : "POST", url, body, token: tokens.admin }),
  );
  if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data as T;
}

/**
 * A limited account made the way an administrator makes one: a role, granted `menus` through the
 * role screen's tree, a position holding the role, an account in that position.
 */
async function limitedAccount(name: string, menus: readonly string[]): Promise<string> {
  const [department] = await asAdmin<{ value: number }[]>(pathOf("departments", "options"));
  const role = await asAdmin(pathOf("roles", "create"), {
    role_name: `matrix_${name}`,
    role_desc: "permission matrix",
  });
  await asAdmin("/api/org/menutree/savetree", { role_id: role.id, menu_keys: menus, button_codes: [] });
  const position = await asAdmin(pathOf("positions", "create"), {
    position_code: `MATRIX_${name}`.toUpperCase(),
    position_name: `matrix ${name}`,
    depart_id: department.value,
  });
  await asAdmin(pathOf("position_roles", "create"), { position_id: position.id, role_id: role.id });
  await asAdmin(pathOf("employees", "create"), {
    account_name: `matrix_${name}`,
    real_name: `matrix ${name}`,
    account_type: contract.enums.account_type?.[0] ?? "enterprise",
    depart_id: department.value,
    position_id: position.id,
    status: "enabled",
  });
  // A new account holds the initial password and must set its own before anything else.
  const token = await login(app, `matrix_${name}`, INITIAL_PASSWORD);
  const changed = envelope(
    await call(app, {
      method: "POST",
      url: "/api/org/employees/updatepasswordself",
      token,
      body: { old_password: INITIAL_PASSWORD, new_password: LIMITED_PASSWORD },
    }),
  );
  expect(changed.code).toBe(0);
  return token;
}

/** What the caller's session holds, as the console is told: selected menus and buttons. */
async function selected(token: string): Promise<{ menus: string[]; buttons: string[] }> {
  const menus = envelope(await call(app, { url: "/api/org/menutree/selectedlist", token })).data as {
    menu_key: string;
    selected: boolean;
    listMenuButtons: { menu_button_code: string; selected: boolean }[];
  }[];
  return {
    menus: menus.filter((menu) => menu.selected).map((menu) => menu.menu_key),
    buttons: menus.flatMap((menu) =>
      menu.listMenuButtons.filter((button) => button.selected).map((button) => button.menu_button_code),
    ),
  };
}

beforeAll(async () => {
  app = await contractApp();
  tokens.admin = await login(app, "admin");
  tokens.ended = await login(app, "admin");
  expect(envelope(await call(app, { method: "POST", url: "/api/sso/loginout", token: tokens.ended })).code).toBe(0);
  tokens.noGrants = await limitedAccount("nogrants", []);
  tokens.reader = await limitedAccount("reader", menuKeys);
}, 60_000);
afterAll(() => app.close());

async function outcome(operation: Operation, token: string | undefined): Promise<Outcome> {
  const request: Call = {
    method: operation.method,
    url: operation.path,
    token,
    body: operation.method === "POST" ? {} : undefined,
  };
  const response = await call(app, request);
  if (HEALTH_PROBES.includes(operation.key))
    return response.statusCode === 200 ? "passes" : `${response.statusCode} 0 ${response.body}`;
  // A file call (a list export) answers its file, not the envelope, when it lets the caller through.
  const type = String(response.headers["content-type"]);
  // GS1's EPCIS interface refuses with problem bodies that carry the console's error code beside.
  if (type.startsWith("application/problem+json")) {
    const problem = response.json<{ status: number; code?: number; detail: string }>();
    if (problem.code === DENIED || problem.code === SESSION_INVALID || problem.code === SESSION_EXPIRED)
      return problem.code;
    // A 501 is the operation's own answer past the gate (GS1's binding: defined, not built here).
    return problem.status < 500 || problem.status === 501
      ? "passes"
      : `${problem.status} ${problem.code ?? 0} ${problem.detail}`;
  }
  if (response.statusCode === 200 && !type.startsWith("application/json")) return "passes";
  // GS1's EPCIS interface answers its own bodies (a named query, a list of them), never the envelope.
  if (operation.path.startsWith("/epcis/") && response.statusCode < 300) return "passes";
  const answer = envelope(response);
  if (answer.code === DENIED) expect(answer.status_code, operation.key).toBe(403);
  if (answer.code === DENIED || answer.code === SESSION_INVALID || answer.code === SESSION_EXPIRED) return answer.code;
  return answer.status_code < 500 ? "passes" : `${answer.status_code} ${answer.code} ${answer.message}`;
}

/** Every registered call: the contract's, then the ones the server adds (org, sso, public). */
function operations(): Operation[] {
  const known = new Set(fromContract.map((operation) => operation.key));
  const others = registered
    .filter((key) => !known.has(key))
    .map((key) => {
      const [method, path] = key.split(" ") as ["GET" | "POST", string];
      return { key, name: key, method, path };
    });
  return [...fromContract, ...others];
}

describe("the limited callers", () => {
  it("hold no grant that the matrix tests, as their own session reports it", async () => {
    const none = await selected(tokens.noGrants!);
    expect(none.menus.filter((menu) => !openMenus.has(menu))).toEqual([]);
    expect(none.buttons).toEqual([]);
    const reader = await selected(tokens.reader!);
    expect(reader.menus.sort()).toEqual([...menuKeys].sort());
    expect(reader.buttons).toEqual([]);
  });
});

describe("permission matrix over every call the server registers", () => {
  it("covers every operation of the contract, and only calls the server registers", () => {
    expect(fromContract.length).toBeGreaterThan(0);
    expect(fromContract.map((operation) => operation.key).filter((key) => !registered.includes(key))).toEqual([]);
    for (const key of [...PUBLIC, ...ANY_SESSION]) expect(registered, key).toContain(key);
    // One row per registered call: no contract operation counted twice, none left out.
    expect(operations().length).toBe(new Set(registered).size);
  });

  // The contract is known before the app is built, so each of its operations is a test of its own.
  it.each(fromContract.map((operation) => [operation.name, operation] as const))("%s", async (_name, operation) => {
    const { want, got } = await row(operation);
    expect(got, `${operation.key} needs one of: ${operation.roles!.join(", ") || "admin"}`).toEqual(want);
  });

  // Known only once the app is built, so one test compares all of their rows at once.
  it("every call outside the contract (org, sso, public, dashboard)", async () => {
    const others = operations().filter((operation) => !operation.roles);
    expect(others.length).toBeGreaterThan(0);
    const want: Record<string, Row> = {};
    const got: Record<string, Row> = {};
    for (const operation of others) ({ want: want[operation.key], got: got[operation.key] } = await row(operation));
    expect(got).toEqual(want);
  });
});

type Row = Partial<Record<Who, Outcome>>;

async function row(operation: Operation): Promise<{ want: Row; got: Row }> {
  const want: Row = {};
  const got: Row = {};
  for (const who of WHO) {
    const expectation = expected(operation, who);
    if (expectation === undefined) continue;
    want[who] = expectation;
    const sessionOfItsOwn =
      operation.key === ENDS_SESSION && (who === "admin" || who === "noGrants" || who === "reader");
    const token = sessionOfItsOwn
      ? who === "admin"
        ? await login(app, "admin")
        : await login(app, `matrix_${who.toLowerCase()}`, LIMITED_PASSWORD)
      : tokens[who];
    got[who] = await outcome(operation, token);
  }
  return { want, got };
}

describe("an expired session", () => {
  it("gets 50014 on every call that needs a session", async () => {
    const token = await login(app, "admin");
    const start = clock.now;
    clock.now = start + DEFAULT_SESSION_TTL_MS + 1000;
    try {
      const wrong: string[] = [];
      for (const operation of operations()) {
        if (PUBLIC.has(operation.key)) continue;
        const got = await outcome(operation, token);
        if (got !== SESSION_EXPIRED) wrong.push(`${operation.key}: ${got}`);
      }
      expect(wrong).toEqual([]);
    } finally {
      clock.now = start;
    }
  });
});

describe("a disabled menu (menutreeenable)", () => {
  it("is not selected and does not pass, except for admin", async () => {
    const { app: fixture } = await fixtureApp();
    try {
      const admin = await login(fixture, "admin");
      const editor = await login(fixture, "editor");
      const disable = { method: "POST" as const, url: "/api/org/menutree/menutreeenable", token: admin };
      expect(envelope(await call(fixture, { url: "/api/base/products/pagelist", token: editor })).code).toBe(0);
      expect(envelope(await call(fixture, { ...disable, body: { menu_key: "product", enabled: false } })).code).toBe(0);
      const editorList = envelope(await call(fixture, { url: "/api/base/products/pagelist", token: editor }));
      expect(editorList.code).toBe(DENIED);
      const menus = envelope(await call(fixture, { url: "/api/org/menutree/selectedlist", token: editor })).data as {
        menu_key: string;
        selected: boolean;
        listMenuButtons: { selected: boolean }[];
      }[];
      const productlist = menus.find((menu) => menu.menu_key === "productlist")!;
      expect(productlist.selected).toBe(false); // its parent group is off
      expect(productlist.listMenuButtons.every((button) => !button.selected)).toBe(true);
      expect(envelope(await call(fixture, { url: "/api/base/products/pagelist", token: admin })).code).toBe(0);
      expect(envelope(await call(fixture, { ...disable, body: { menu_key: "product", enabled: true } })).code).toBe(0);
      expect(envelope(await call(fixture, { url: "/api/base/products/pagelist", token: editor })).code).toBe(0);
    } finally {
      await fixture.close();
    }
  });
});
