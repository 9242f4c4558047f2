// Contract test: the generated typed clients against the running mock server. The
// server listens on a loopback port with the generated contract; the clients of
// src/api/generated/clients run unchanged over the console's own request() (global fetch, Token
// header from the session cookies), and every record they return is checked with ajv against
// the JSON Schema its TypeScript type was generated from.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CALLS, type CallName } from "../../schema/contract/calls";
import { ERROR_CODES, SESSION_ENDED_CODES } from "../../schema/contract/envelope";
import type { ContractAction, ContractResource } from "../../schema/contract/server-contract";
import * as calls from "../../src/api/generated/calls.gen";
import { contract } from "../../mock-server/generated/contract.gen";
import { callEndpoint } from "../../src/api/endpoint-call";
import type { ResourceClient } from "../../src/api/resource-client";
import { checkPermission } from "../../src/permission/check-permission";
import { ApiError, onSessionEnded } from "../../src/api/http-client";
import { loadUser, login } from "../../src/api/session";
import { API } from "../../src/settings";
import { clearSession, getToken, setToken } from "../../src/api/session-cookies";
import {
  actionRuleInputs,
  actionPreparation,
  collectionActionCalls,
  createInput,
  createRuleInputs,
  fieldChange,
  schemaErrors,
  type CreateRecord,
  type ListRecords,
} from "./record-inputs";
import { startServer, type RunningServer } from "./running-server";
import { DEMO_PASSWORD, PLUGIN_TIMEOUT_MS } from "../../mock-server/options";

// js-cookie needs a document; in node the console's session cookies live in a map.
vi.mock(import("../../src/api/session-cookies"), () => {
  const jar = new Map<string, string>();
  return {
    getToken: () => jar.get("token"),
    setToken: (token: string) => void jar.set("token", token),
    getAccountName: () => jar.get("name"),
    getAccountType: () => jar.get("type"),
    saveSession: (token: string, name: string, accountType: string) => {
      jar.set("token", token).set("name", name).set("type", accountType);
    },
    clearSession: () => jar.clear(),
    resetToken: () => jar.clear(),
  };
});

type Json = Record<string, unknown>;
type Client = ResourceClient<Json, Json>;

const CLIENTS_DIR = "../../src/api/generated/clients/";
const clientModules = import.meta.glob<Record<string, Client>>("../../src/api/generated/clients/*.gen.ts", {
  eager: true,
});
const exportName = (resource: string) =>
  `${resource.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}Client`;

function clientOf(resource: ContractResource): Client {
  const client = clientModules[`${CLIENTS_DIR}${resource.name}.gen.ts`]?.[exportName(resource.name)];
  if (!client) throw new Error(`no ${exportName(resource.name)} in ${CLIENTS_DIR}${resource.name}.gen.ts`);
  return client;
}

const PAGE_SIZE = 100; // the largest page the server serves: as many wire records checked as one call allows
const PASSWORD = DEMO_PASSWORD;
const CODE = ERROR_CODES;
const SESSION_ENDED = SESSION_ENDED_CODES;

let server: RunningServer;
const tokens = { admin: "", editor: "" };
let editorRoles: readonly string[] = [];
const sessionEndedHeard: ApiError[] = [];
let stopHearing = () => {};

beforeAll(async () => {
  server = await startServer(contract);
  stopHearing = onSessionEnded((error) => void sessionEndedHeard.push(error));
  // The console's own login (src/api/session.ts): POST /api/sso/login with permissions 1, token saved in the cookies.
  await login({ account_name: "editor", account_password: PASSWORD, account_type: "enterprise" });
  tokens.editor = getToken() ?? "";
  editorRoles = await loadUser();
  await login({ account_name: "admin", account_password: PASSWORD, account_type: "enterprise" });
  tokens.admin = getToken() ?? "";
  // Seeding and two sign-ins: as long as the server itself waits for its seed, plus a margin.
}, PLUGIN_TIMEOUT_MS + 30_000);

afterAll(async () => {
  stopHearing();
  await server?.close();
});

/** The ApiError a call rejects with; fails the test if it resolves or rejects with anything else. */
async function rejection(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome))
    expect.fail(`expected an ApiError, got data ${JSON.stringify(outcome.data).slice(0, 200)}`);
  expect(outcome.error).toBeInstanceOf(ApiError);
  return outcome.error as ApiError;
}

/** What the console reads of an ApiError (spec §8): HTTP status, envelope code, whether to offer a logout. */
const outcomeOf = ({ statusCode, code, sessionEnded }: ApiError) => ({ statusCode, code, sessionEnded });

/** Runs `call` with another account's token, then the admin's again. */
async function signedInAs<T>(token: string, call: () => Promise<T>): Promise<T> {
  setToken(token);
  try {
    return await call();
  } finally {
    setToken(tokens.admin);
  }
}

const without = (record: Json, ...fields: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key)));
/** The distinct schema errors of the records, so one mismatch on a page of 100 reads as one line. */
const invalidRecords = (resource: ContractResource, records: readonly Json[]) => [
  ...new Set(records.flatMap((record) => schemaErrors(resource.schemas.record, record))),
];

/** Rows the seed gives a resource; a report has what its source table has. */
function seededRows(resource: ContractResource): number {
  if (resource.kind !== "report") return resource.seedRows;
  return contract.resources.find((source) => source.name === resource.report?.source)?.seedRows ?? 0;
}

async function checkList(resource: ContractResource, client: Client): Promise<Json[]> {
  // As the console asks (src/api/list-query.ts): page and size for paged lists, neither for the others.
  const page = resource.paged ? await client.list({ page: 1, size: PAGE_SIZE }) : await client.list();
  expect(Number.isInteger(page.total)).toBe(true);
  if (resource.paged) {
    expect(page).toMatchObject({ page: 1, size: PAGE_SIZE });
    expect(page.list.length).toBe(Math.min(PAGE_SIZE, page.total));
  } else {
    expect(page.total).toBe(page.list.length);
  }
  if (seededRows(resource) > 0) expect(page.total).toBeGreaterThan(0);
  expect(invalidRecords(resource, page.list)).toEqual([]);
  return page.list;
}

async function checkDetail(
  resource: ContractResource,
  client: Client,
  listed: Json | undefined,
): Promise<Json | undefined> {
  if (!resource.singleton && !listed) return undefined;
  const record = resource.singleton ? await client.detail() : await client.detail(listed!.id as number);
  expect(invalidRecords(resource, [record])).toEqual([]);
  if (listed) expect(record).toEqual(listed); // a list row is the record, labels included
  return record;
}

async function checkOptions(resource: ContractResource, client: Client, record: Json | undefined): Promise<void> {
  const options = await client.options();
  expect(options.length).toBeLessThanOrEqual(50);
  if (!record) return;
  expect(options.length).toBeGreaterThan(0);
  // ids= puts the current selection first, whatever its place in the label order.
  // OptionItem is {value: RecordId, label: string} (src/api/resource-client.ts): the label field's
  // text, the id for a record without one.
  const [selected] = await client.options(undefined, [record.id as number]);
  expect(selected).toEqual({ value: record.id, label: String(record[resource.labelField] ?? record.id) });
  const mistyped = options.filter((option) => typeof option.label !== "string" || typeof option.value !== "number");
  expect(mistyped).toEqual([]);
}

/** Existing ids for each ref field, from the referenced resource's own options call. */
async function refIds(resource: ContractResource): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const column of resource.columns) {
    const target = contract.resources.find((candidate) => candidate.name === column.ref);
    if (target?.endpoints.options) out[column.name] = (await clientOf(target).options()).map((option) => option.value);
  }
  return out;
}

const listRecords: ListRecords = async (name, query) => {
  const target = contract.resources.find((candidate) => candidate.name === name);
  if (!target) throw new Error(`the contract has no ${name} resource`);
  return (await clientOf(target).list(query)).list;
};
const createRecord: CreateRecord = async (name, input) =>
  await clientOf(contract.resources.find((candidate) => candidate.name === name)!).create(input);

async function checkWrites(resource: ContractResource, client: Client, base: Json | undefined): Promise<void> {
  const input = createInput(resource, base, await createRuleInputs(resource, listRecords, createRecord));
  expect(schemaErrors(resource.schemas.create, input)).toEqual([]);

  // spec §8: a validation failure is an ApiError whose errors name the field, for the form to show.
  const required = (resource.schemas.create.required ?? []) as string[];
  if (required.length > 0) {
    const refused = await rejection(client.create(without(input, required[0])));
    expect(outcomeOf(refused)).toEqual({ statusCode: 400, code: CODE.validation, sessionEnded: false });
    expect(Object.keys(refused.errors ?? {})).toContain(required[0]);
  }

  const created = await client.create(input);
  expect(invalidRecords(resource, [created])).toEqual([]);
  expect(created).toMatchObject(input);
  expect(await client.detail(created.id as number)).toEqual(created);

  const change = fieldChange(resource, created) ?? fieldChange(resource, created, await refIds(resource));
  if (!change) return expect.fail(`${resource.name}: no writable field the update schema lets change`);
  const updated = await client.update(created.id as number, { [change.field]: change.value });
  expect(updated[change.field]).toEqual(change.value);
  // A new ref brings its own label; a versioned resource's update raises its version (warning_params).
  const moved = [
    change.field,
    `${change.field}_label`,
    "updated_at",
    ...(VERSIONED_ON_UPDATE.includes(resource.name) ? ["version"] : []),
  ];
  expect(without(updated, ...moved)).toEqual(without(created, ...moved));
  expect(await client.detail(created.id as number)).toEqual(updated);

  if (VERSIONED_ON_UPDATE.includes(resource.name)) {
    // Its change history keeps it: a versioned record that changed is switched off, never deleted.
    expect(outcomeOf(await rejection(client.remove(created.id as number)))).toMatchObject({
      statusCode: 409,
      sessionEnded: false,
    });
    return;
  }
  await client.remove(created.id as number);
  const gone = await rejection(client.detail(created.id as number));
  expect(outcomeOf(gone)).toEqual({ statusCode: 404, code: CODE.notFound, sessionEnded: false });
}

/**
 * Actions whose work goes on in a job after the answer, and the fields the job may have moved by the
 * time the record is read again: a small generation job can finish first (generating → generated).
 */
const MOVED_BY_JOB: Record<string, readonly string[]> = { "code_orders.generate": ["status", "updated_at"] };

/** Resources whose update raises a server-kept version (param-versions.ts). */
const VERSIONED_ON_UPDATE = ["warning_params"];

/**
 * manifest ruleOwned: each owned generic call is refused with 40903 through the generated client;
 * a create that stays open (an onCreate rule) still makes a record, on which update and delete are tried.
 */
async function checkRuleOwnedWrites(resource: ContractResource, client: Client, base: Json | undefined): Promise<void> {
  const owned = resource.ruleOwned!;
  const refusedWith40903 = async (made: Promise<unknown>) =>
    expect(outcomeOf(await rejection(made)), resource.name).toEqual({
      statusCode: 409,
      code: CODE.ruleOwned,
      sessionEnded: false,
    });
  const input = createInput(resource, base, await createRuleInputs(resource, listRecords, createRecord));
  let target = base;
  if (owned.calls.includes("create")) await refusedWith40903(client.create(input));
  else target = await client.create(input);
  if (!target) return expect.fail(`${resource.name}: no record to try the rule-owned update and delete on`);
  // A guard (`while`) owns a record only in some states (submitted evidence, a shipped waybill): a
  // fresh record is not owned yet, so the guard's own domain tests try the refusals in those states.
  if (owned.while) return;
  const change = fieldChange(resource, target) ?? fieldChange(resource, target, await refIds(resource));
  if (owned.calls.includes("update") && change)
    await refusedWith40903(client.update(target.id as number, { [change.field]: change.value }));
  if (owned.calls.includes("delete")) await refusedWith40903(client.remove(target.id as number));
  expect(await client.detail(target.id as number)).toEqual(target);
}

async function checkSingletonUpdate(resource: ContractResource, client: Client, record: Json): Promise<void> {
  const change = fieldChange(resource, record);
  if (!change) return expect.fail(`${resource.name}: no writable field the update schema lets change`);
  const updated = await client.update(undefined, { [change.field]: change.value });
  expect(updated[change.field]).toEqual(change.value);
  expect(await client.detail()).toEqual(updated);
  await client.update(undefined, { [change.field]: record[change.field] }); // leave the seeded record as it was
}

/**
 * A projection with actions lists server-owned state the seed does not make: one row of it, made
 * through the server's own interface as a partner would make it.
 */
async function makeProjectionRow(projection: string): Promise<void> {
  if (projection !== "epcis_subscriptions") throw new Error(`no way to make a row of the projection ${projection}`);
  const post = (path: string, body: object) =>
    fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { token: getToken() ?? "", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const name = `contract-${Date.now()}`;
  expect((await post("/epcis/queries", { name, query: { EQ_bizStep: "shipping" } })).status).toBe(201);
  const subscription = { dest: "http://127.0.0.1:9/contract", signatureToken: "a-shared-secret-of-the-partner" };
  expect((await post(`/epcis/queries/${name}/subscriptions`, { ...subscription, stream: true })).status).toBe(201);
}

/** A record in the action's starting state: one of our own if create can put it there, else a seeded one. */
async function actionTarget(
  resource: ContractResource,
  client: Client,
  action: ContractAction,
  base: Json | undefined,
): Promise<Json | undefined> {
  const when = Object.entries(action.when ?? {});
  const applies = (row: Json) => when.every(([field, allowed]) => allowed.includes(row[field] as string));
  if (resource.endpoints.create) {
    const writable = (resource.schemas.create.properties ?? {}) as Json;
    const overrides = Object.fromEntries(
      when.filter(([field]) => field in writable).map(([field, allowed]) => [field, allowed[0]]),
    );
    // A resource the seed leaves empty (partner clients) gets its record from what its create rule needs.
    const needs = base ? {} : await createRuleInputs(resource, listRecords, createRecord);
    const created = await client.create(createInput(resource, base, { ...needs, ...overrides }));
    if (applies(created)) return created;
  }
  if (resource.projection) await makeProjectionRow(resource.projection);
  for (const [field, allowed] of when) {
    const filterable = resource.columns.find((column) => column.name === field)?.filter === "eq";
    for (const value of filterable ? allowed : [undefined]) {
      const row = (await client.list({ page: 1, size: PAGE_SIZE, [field]: value as string | undefined })).list.find(
        applies,
      );
      if (row) return row;
    }
  }
  // An action for every row (a projection's remove): any listed row.
  if (!when.length) return (await client.list({ page: 1, size: PAGE_SIZE })).list[0];
  return undefined;
}

// Every declared action really runs, none is only checked as wired: on a record of our own made
// by create (its status is where a new record starts, or set by the create when the field is
// writable), else on a seeded row found through the list's filters (today: production_orders
// and tasks finish, which start from in_progress/running). An action with no record in its
// starting state fails the test rather than passing untried.
async function checkAction(
  resource: ContractResource,
  client: Client,
  action: ContractAction,
  base: Json | undefined,
): Promise<void> {
  const label = `${resource.name}.${action.name}`;
  if (action.scope === "collection") {
    const calls = await collectionActionCalls(action, listRecords);
    if (calls) {
      for (const { input, answer } of calls)
        expect(await client.action<Json>(action.name, undefined, input), label).toMatchObject(answer);
      return;
    }
    const result = await client.action<{ updated: unknown }>(action.name);
    return expect(Number.isInteger(result.updated), label).toBe(true);
  }
  const target = await actionTarget(resource, client, action, base);
  if (!target) return expect.fail(`${label}: no record in the state ${JSON.stringify(action.when)}`);
  for (const [name, input] of await actionRuleInputs(action, target, listRecords))
    await clientOf(contract.resources.find((r) => r.name === name)!).create(input);
  await actionPreparation(action, target, getToken() ?? "");
  const result = await client.action<Json>(action.name, target.id as number);
  if (Array.isArray(result.shown_once)) return checkSecretAnswer(resource, client, label, target, result);
  expect(invalidRecords(resource, [result]), label).toEqual([]);
  expect(result.id, label).toBe(target.id);
  if (action.set) expect(result, label).toMatchObject(action.set);
  const read = client.detail(target.id as number);
  const gone = await read.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (gone !== undefined) {
    // An action that removes its row (a projection's delete) answers the row as it was, and the row is
    // then gone: not found by id, and no longer listed.
    expect(outcomeOf(gone as ApiError), label).toEqual({ statusCode: 404, code: CODE.notFound, sessionEnded: false });
    expect(without(result), label).toEqual(without(target));
    const listed = await client.list({ page: 1, size: PAGE_SIZE });
    return expect(
      listed.list.map((row) => row.id),
      label,
    ).not.toContain(target.id);
  }
  const after = await read;
  const moved = MOVED_BY_JOB[label] ?? [];
  expect(without(after, ...moved), label).toEqual(without(result, ...moved));
  // The state guard: once the record has left the starting state the action no longer applies.
  const stillApplies = Object.entries(action.when ?? {}).every(([field, allowed]) =>
    allowed.includes(after[field] as string),
  );
  if (action.when && !stillApplies)
    expect((await rejection(client.action(action.name, target.id as number))).code, label).toBe(
      CODE.actionNotApplicable,
    );
}

/**
 * An action that issues a secret (a partner client's API key) answers the record's id and the
 * secret, named in shown_once, instead of the record: the secret is shown once and never again,
 * so the record as read afterwards holds none of it.
 */
async function checkSecretAnswer(
  resource: ContractResource,
  client: Client,
  label: string,
  target: Json,
  result: Json,
): Promise<void> {
  expect(result.id, label).toBe(target.id);
  const secrets = result.shown_once as string[];
  expect(secrets.length, label).toBeGreaterThan(0);
  const after = await client.detail(target.id as number);
  expect(invalidRecords(resource, [after]), label).toEqual([]);
  for (const name of secrets) {
    expect(typeof result[name], label).toBe("string");
    expect(JSON.stringify(after), label).not.toContain(result[name] as string);
  }
}

describe("every contract resource through its generated client (spec §7 calls, §8 envelope)", () => {
  it("one generated client module per contract resource, exporting <camelCaseName>Client", () => {
    const modules = Object.keys(clientModules).map((path) => path.slice(CLIENTS_DIR.length, -".gen.ts".length));
    expect(modules.sort()).toEqual(contract.resources.map((resource) => resource.name).sort());
    for (const resource of contract.resources) expect(typeof clientOf(resource).list).toBe("function");
  });

  for (const resource of contract.resources) {
    it(resource.name, async () => {
      const client = clientOf(resource);
      const listed = resource.endpoints.list ? await checkList(resource, client) : [];
      const record = resource.endpoints.detail ? await checkDetail(resource, client, listed[0]) : listed[0];
      if (resource.endpoints.options) await checkOptions(resource, client, record);
      if (resource.ruleOwned?.calls.length) await checkRuleOwnedWrites(resource, client, record);
      else if (resource.endpoints.create && resource.endpoints.update && resource.endpoints.delete)
        await checkWrites(resource, client, record);
      else if (resource.singleton && resource.endpoints.update && record)
        await checkSingletonUpdate(resource, client, record);
      for (const action of resource.actions) await checkAction(resource, client, action, record);
    });
  }
});

describe("narrowed options (manifest x-ref-where) through the generated client", () => {
  it("every narrowing a contract column declares: options(q, ids, where) answers only the records that fit", async () => {
    const narrowings = contract.resources.flatMap((resource) =>
      resource.columns.flatMap((column) =>
        Object.keys(column.refWhere ?? {}).map((targetField) => ({ target: column.ref!, targetField })),
      ),
    );
    expect(narrowings.length).toBeGreaterThan(0); // employees.position_id by depart_id at least
    for (const { target, targetField } of narrowings) {
      const resource = contract.resources.find((candidate) => candidate.name === target)!;
      const client = clientOf(resource);
      const { list } = await client.list({ size: PAGE_SIZE });
      const wanted = list.find((row) => row[targetField] != null)![targetField] as number;
      const fitting = new Set(list.filter((row) => row[targetField] === wanted).map((row) => row.id));
      const options = await client.options(undefined, undefined, { [targetField]: wanted });
      expect(options.length).toBeGreaterThan(0);
      // Each offered record fits (read back, not trusted), and the page's fitting rows are offered.
      for (const option of options) expect((await client.detail(option.value))[targetField]).toBe(wanted);
      if (list.length < PAGE_SIZE) expect(new Set(options.map((option) => option.value))).toEqual(fitting);
    }
  });
});

describe("errors through the client", () => {
  it("spec §6, §8: the editor reads what its menus grant, but a delete without the button is 40300 and not an ended session", async () => {
    const heardBefore = sessionEndedHeard.length;
    const guarded = contract.resources.filter(
      (resource) =>
        resource.endpoints.list &&
        resource.endpoints.delete &&
        resource.readRoles.length > 0 &&
        (resource.writeRoles.delete ?? []).length > 0 &&
        checkPermission(editorRoles, resource.readRoles) &&
        !checkPermission(editorRoles, resource.writeRoles.delete),
    );
    expect(guarded.length).toBeGreaterThan(0);
    for (const resource of guarded) {
      const client = clientOf(resource);
      const [row] = (await signedInAs(tokens.editor, () => client.list({ page: 1, size: 1 }))).list;
      expect(row, resource.name).toBeDefined();
      const id = row.id as number;
      const refused = await signedInAs(tokens.editor, () => rejection(client.remove(id)));
      expect(outcomeOf(refused), resource.name).toEqual({ statusCode: 403, code: CODE.forbidden, sessionEnded: false });
      expect((await client.detail(id)).id, `${resource.name} ${id} is still there`).toBe(id);
    }
    expect(sessionEndedHeard.length).toBe(heardBefore);
  });

  it("spec §8: with a token the server never issued, every client's read call is an ended session (50012/50014) and the shell hears of it", async () => {
    const heardBefore = sessionEndedHeard.length;
    // A ledger projection without declared calls has no read call to refuse.
    const readable = contract.resources.filter((resource) => resource.endpoints.list || resource.endpoints.detail);
    for (const resource of readable) {
      const client = clientOf(resource);
      const refused = await signedInAs("bogus-token-the-server-never-issued", () =>
        rejection(resource.endpoints.list ? client.list() : client.detail()),
      );
      expect(SESSION_ENDED, resource.name).toContain(refused.code);
      expect(outcomeOf(refused), resource.name).toMatchObject({ statusCode: 403, sessionEnded: true });
    }
    expect(sessionEndedHeard.length - heardBefore).toBe(readable.length);
  });

  it("spec §7, §8: without a token (no Token header) a call is an ended session too", async () => {
    clearSession();
    try {
      const refused = await rejection(clientOf(contract.resources[0]).list());
      expect(outcomeOf(refused)).toEqual({ statusCode: 403, code: 50012, sessionEnded: true });
    } finally {
      setToken(tokens.admin);
    }
  });
});

describe("every hand-written call of the contract (schema/contract/calls.ts) through its generated client", () => {
  /** The answer's data, checked against the contract's schema of it. */
  async function answered<T>(name: CallName, call: Promise<T>): Promise<T> {
    const data = await call;
    expect(schemaErrors(CALLS[name].data, data), name).toEqual([]);
    return data;
  }
  const checkedKeys = (tree: readonly calls.MenuTreeNode[]): { menus: string[]; buttons: string[] } => {
    const nodes = (list: readonly calls.MenuTreeNode[]): calls.MenuTreeNode[] =>
      list.flatMap((n) => [n, ...nodes(n.children)]);
    const all = nodes(tree);
    return {
      menus: all.filter((n) => n.checked).map((n) => n.menu_key),
      buttons: all
        .flatMap((n) => n.listMenuButtons ?? [])
        .filter((b) => b.checked)
        .map((b) => b.menu_button_code),
    };
  };

  /** The waybill the upload scenario made, for the download scenario (they run in the contract's order). */
  let uploadedWaybill: { id: number; code: string } | undefined;
  /** A 1×1 PNG, and a draft evidence record holding it (made once, by whichever photo scenario runs first). */
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  let photoEvidence: Promise<{ evidenceId: number; photoId: number; sha256: string }> | undefined;
  const evidenceWithPhoto = () =>
    (photoEvidence ??= (async () => {
      const evidences = clientOf(contract.resources.find((r) => r.name === "evidences")!);
      const [draft] = (await evidences.list({ page: 1, size: 1, status: "draft" })).list;
      if (!draft) throw new Error("evidences lists no draft record to add a photo to");
      const stored = await calls.evidencePhotoUpload({ evidence_id: draft.id as number }, [
        new Blob([PNG], { type: "image/png" }),
      ]);
      return { evidenceId: draft.id as number, photoId: stored[0].id, sha256: stored[0].sha256 };
    })());
  // One scenario per call; `satisfies` makes a call added to the contract without one a type error.
  const scenarios = {
    login: async () => {
      const form = { account_name: "editor", account_password: PASSWORD, account_type: "enterprise", permissions: 1 };
      const token = await answered("login", calls.login(form, undefined, { client: "login" }));
      expect(await signedInAs(token, () => calls.selectedMenus())).not.toEqual([]);
      // A failure is 401 40100, never a session code: the login page shows it, no logout prompt.
      const refused = await rejection(calls.login({ ...form, account_name: "no-such-account" }));
      expect(outcomeOf(refused)).toEqual({ statusCode: 401, code: CODE.loginFailed, sessionEnded: false });
    },
    logout: async () => {
      const token = await calls.login({
        account_name: "editor",
        account_password: PASSWORD,
        account_type: "enterprise",
      });
      await signedInAs(token, async () => {
        await answered("logout", calls.logout());
        expect(outcomeOf(await rejection(calls.selectedMenus()))).toEqual({
          statusCode: 403,
          code: CODE.sessionInvalid,
          sessionEnded: true,
        });
      });
    },
    selectedMenus: async () => {
      const adminMenus = await answered("selectedMenus", calls.selectedMenus());
      expect(adminMenus).toContainEqual({ menu_key: "admin", selected: true, listMenuButtons: [] });
      // spec §7: the token may come as a query parameter instead of the Token header.
      clearSession();
      try {
        const editorMenus = await answered("selectedMenus", calls.selectedMenus({ token: tokens.editor }));
        expect(editorMenus.some((menu) => menu.menu_key === "admin")).toBe(false);
      } finally {
        setToken(tokens.admin);
      }
    },
    loginLog: async () => {
      // spec §7: served at the API's own path and under the login log's base URL, as the console sends it.
      await answered("loginLog", calls.loginLog({ accountName: "admin", loginIp: "" }));
      await answered("loginLog", calls.loginLog({ accountName: "admin" }, undefined, { baseUrl: API.loginLogBaseUrl }));
    },
    roleGrantTree: async () => {
      const [role] = (await clientOf(contract.resources.find((r) => r.name === "roles")!).list()).list;
      await answered("roleGrantTree", calls.roleGrantTree({ role_id: role.id as number }));
    },
    saveRoleGrants: async () => {
      const [role] = (await clientOf(contract.resources.find((r) => r.name === "roles")!).list()).list;
      const roleId = role.id as number;
      const before = checkedKeys(await calls.roleGrantTree({ role_id: roleId }));
      const saved = await answered(
        "saveRoleGrants",
        calls.saveRoleGrants({ role_id: roleId, menu_keys: before.menus, button_codes: before.buttons }),
      );
      expect(saved.role_id).toBe(roleId);
      expect(checkedKeys(await calls.roleGrantTree({ role_id: roleId }))).toEqual(before);
    },
    menuTree: async () => {
      expect((await answered("menuTree", calls.menuTree())).length).toBeGreaterThan(0);
    },
    enableMenu: async () => {
      const [menu] = await calls.menuTree();
      const answer = await answered("enableMenu", calls.enableMenu({ menu_key: menu.menu_key, enabled: menu.enabled }));
      expect(answer).toEqual({ menu_key: menu.menu_key, enabled: menu.enabled });
    },
    regionChildren: async () => {
      const provinces = await answered("regionChildren", calls.regionChildren());
      expect(provinces.length).toBeGreaterThan(0);
      const cities = await answered("regionChildren", calls.regionChildren({ parent_code: provinces[0].code }));
      expect(cities.every((city) => city.parent_code === provinces[0].code)).toBe(true);
    },
    changeOwnPassword: async () => {
      const wrong = await rejection(
        calls.changeOwnPassword({ old_password: "not-the-password", new_password: "2222222" }),
      );
      expect(outcomeOf(wrong)).toEqual({ statusCode: 400, code: CODE.validation, sessionEnded: false });
      await signedInAs(tokens.editor, async () => {
        await answered(
          "changeOwnPassword",
          calls.changeOwnPassword({ old_password: PASSWORD, new_password: "2222222" }),
        );
        await answered(
          "changeOwnPassword",
          calls.changeOwnPassword({ old_password: "2222222", new_password: PASSWORD }),
        );
      });
    },
    enterpriseIcp: async () => {
      await answered("enterpriseIcp", calls.enterpriseIcp({ enterprise_code: "E0001" }));
    },
    dashboardToday: async () => {
      expect((await answered("dashboardToday", calls.dashboardToday())).last7days).toHaveLength(7);
    },
    consumerScan: async () => {
      // A code that left the warehouse scans as genuine or repeated: the verdict follows the state.
      const [code] = (
        await clientOf(contract.resources.find((r) => r.name === "trace_codes")!).list({
          page: 1,
          size: 1,
          status: "shipped",
        })
      ).list;
      const scanned = await answered("consumerScan", calls.consumerScan({ code: code.code as string }));
      expect(scanned).toMatchObject({
        code: code.code,
        result: expect.stringMatching(/^(genuine|repeated|over_threshold)$/),
      });
      expect((await answered("consumerScan", calls.consumerScan({ code: "NO-SUCH-CODE" }))).result).toBe("not_found");
    },
    codeDetail: async () => {
      const [packed] = (
        await clientOf(contract.resources.find((r) => r.name === "trace_codes")!).list({
          page: 1,
          size: 1,
          status: "packed",
        })
      ).list;
      const detail = await answered("codeDetail", calls.codeDetail({ code: packed.code as string }));
      expect(detail.parents[0]?.code).toBe(packed.parent_code);
      // The seed issues codes through their rules' generation job, then activates them.
      expect(detail.timeline.map((event) => event.kind).slice(0, 2)).toEqual(["issue", "activate"]);
    },
    traceInquiry: async () => {
      const [shipped] = (
        await clientOf(contract.resources.find((r) => r.name === "trace_codes")!).list({
          page: 1,
          size: 1,
          status: "shipped",
        })
      ).list;
      const trace = await answered(
        "traceInquiry",
        calls.traceInquiry({ code: shipped.code as string, geo: "geo:22.5431,114.0579" }),
      );
      expect(trace.detail.code).toBe(shipped.code);
      expect(trace.attribution?.dealer?.id).toBe(shipped.dealer_id);
      expect(trace.position?.region?.code).toBe("440300");
    },
    packageContents: async () => {
      const [packed] = (
        await clientOf(contract.resources.find((r) => r.name === "trace_codes")!).list({
          page: 1,
          size: 1,
          status: "packed",
        })
      ).list;
      const contents = await answered("packageContents", calls.packageContents({ code: packed.parent_code as string }));
      expect(contents.children.map((child) => child.code)).toContain(packed.code);
    },
    stationBatch: async () => {
      // Two creates of a write that takes a key: the second names the first's code, so it is refused in its place.
      const brands = contract.resources.find((r) => r.name === "brands")!;
      const path = brands.endpoints.create!.path;
      const body = { brand_code: "BATCH01", brand_name: "批量品牌", status: "enabled" };
      const input: calls.StationBatchInput = {
        calls: [
          { key: "contract-batch-1", method: "POST", path, body },
          { key: "contract-batch-2", method: "POST", path, body: { ...body, brand_name: "批量品牌二" } },
        ],
      };
      const answers = await answered("stationBatch", calls.stationBatch(input));
      expect(answers.map((answer) => answer.status)).toEqual([200, 409]);
      // Sent again: each key answers as it did, and nothing is created twice.
      expect((await calls.stationBatch(input)).map((answer) => answer.status)).toEqual([200, 409]);
      expect((await clientOf(brands).list({ page: 1, size: 10, brand_code: "BATCH01" })).total).toBe(1);
    },
    epcisExport: async () => {
      const [order] = (
        await clientOf(contract.resources.find((r) => r.name === "production_orders")!).list({ page: 1, size: 1 })
      ).list;
      const document = await answered("epcisExport", calls.epcisExport({ work_order_id: order.id as number }));
      expect(document).toMatchObject({ type: "EPCISDocument", schemaVersion: "2.0" });
      const refused = await rejection(calls.epcisExport({ code: "NO-SUCH-CODE" }));
      expect(outcomeOf(refused)).toMatchObject({ statusCode: 404, sessionEnded: false });
    },
    codeBatchDownload: async () => {
      // A batch of known codes (this server's seed rows are not the chain's): imported here.
      const [order] = (
        await clientOf(contract.resources.find((r) => r.name === "code_orders")!).list({
          page: 1,
          size: 1,
          status: "generated",
        })
      ).list;
      const codes = [`DL${Date.now()}A`, `DL${Date.now()}B`];
      const content = Buffer.from(["code", ...codes].join("\n")).toString("base64");
      const batch = await calls.codeBatchImport({ order_id: order.id as number, file_name: "dl.csv", content });
      const progress: number[] = [];
      const file = await calls.codeBatchDownload({ id: batch.batch_id }, (step) => progress.push(step.bytes));
      const lines = (await file.blob.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("序号,码,URL");
      expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual([
        `1,${codes[0]}`,
        `2,${codes[1]}`,
      ]);
      expect(lines[1]).toMatch(new RegExp(`/${codes[0]}$`));
      expect(progress.length).toBeGreaterThan(0);
      expect(outcomeOf(await rejection(calls.codeBatchDownload({ id: 999_999_999 })))).toMatchObject({
        statusCode: 404,
        sessionEnded: false,
      });
    },
    codeBatchImport: async () => {
      const [order] = (
        await clientOf(contract.resources.find((r) => r.name === "code_orders")!).list({
          page: 1,
          size: 1,
          status: "generated",
        })
      ).list;
      const code = `EXT${Date.now()}`;
      const csv = (codes: string[]) => Buffer.from(["code", ...codes].join("\n")).toString("base64");
      const imported = await answered(
        "codeBatchImport",
        calls.codeBatchImport({ order_id: order.id as number, file_name: "ext.csv", content: csv([code]) }),
      );
      expect(imported).toMatchObject({ imported: 1, skipped: [] });
      // The same code again is row 2's problem, and by default nothing is written.
      const refused = await rejection(
        calls.codeBatchImport({ order_id: order.id as number, file_name: "ext.csv", content: csv([code]) }),
      );
      expect(outcomeOf(refused)).toMatchObject({ statusCode: 400, sessionEnded: false });
      expect(refused.errors).toHaveProperty("row 2");
    },
    codeBatchProblems: async () => {
      const [order] = (
        await clientOf(contract.resources.find((r) => r.name === "code_orders")!).list({
          page: 1,
          size: 1,
          status: "generated",
        })
      ).list;
      const code = `PRB${Date.now()}`;
      const content = Buffer.from(["code", code].join("\n")).toString("base64");
      const input = { order_id: order.id as number, file_name: "problems.csv", content };
      await calls.codeBatchImport(input);
      // The same code again refuses the file; the refusal is a failed batch whose problem row downloads.
      await rejection(calls.codeBatchImport(input));
      const failed = (
        await clientOf(contract.resources.find((r) => r.name === "code_batches")!).list({
          page: 1,
          size: 50,
          status: "failed",
          order_id: order.id as number,
        })
      ).list.find((batch) => String(batch.error).startsWith("problems.csv: "))!;
      const file = await calls.codeBatchProblems({ id: failed.id as number });
      const lines = (await file.blob.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe("行号,码,问题");
      expect(lines[1]).toMatch(new RegExp(`^2,${code},.*${code}`));
      expect(outcomeOf(await rejection(calls.codeBatchProblems({ id: 999_999_999 })))).toMatchObject({
        statusCode: 404,
        sessionEnded: false,
      });
    },
    waybillImport: async () => {
      const [dealer] = (
        await clientOf(contract.resources.find((r) => r.name === "dealers")!).list({ page: 1, size: 1 })
      ).list;
      const [warehouse] = (
        await clientOf(contract.resources.find((r) => r.name === "warehouses")!).list({ page: 1, size: 1 })
      ).list;
      const [stock] = (
        await clientOf(contract.resources.find((r) => r.name === "trace_codes")!).list({
          page: 1,
          size: 50,
          status: "activated",
          code_type: "item",
        })
      ).list.filter((row) => !row.parent_code);
      const csv = (codes: string[]) => Buffer.from(["code", ...codes].join("\n")).toString("base64");
      const input = {
        dealer_id: dealer.id as number,
        warehouse_id: warehouse.id as number,
        file_name: "waybill.csv",
      };
      // A bad row refuses the file by default, naming the row; nothing is created.
      const refused = await rejection(
        calls.waybillImport({ ...input, content: csv([stock.code as string, "NO-SUCH-CODE"]) }),
      );
      expect(outcomeOf(refused)).toMatchObject({ statusCode: 400, sessionEnded: false });
      expect(refused.errors).toHaveProperty("row 3");
      const made = await answered(
        "waybillImport",
        calls.waybillImport({ ...input, content: csv([stock.code as string, "NO-SUCH-CODE"]), skip_bad_rows: true }),
      );
      expect(made).toMatchObject({
        imported: 1,
        created: made.waybill_no,
        skipped: [expect.objectContaining({ row: 3, code: "NO-SUCH-CODE" })],
      });
      uploadedWaybill = { id: made.waybill_id, code: stock.code as string };
    },
    evidencePhotoUpload: async () => {
      const { sha256 } = await evidenceWithPhoto();
      expect(sha256).toBe(createHash("sha256").update(PNG).digest("hex"));
      const notImage = await rejection(
        calls.evidencePhotoUpload({ evidence_id: (await evidenceWithPhoto()).evidenceId }, [
          new Blob(["not a photo"], { type: "image/png" }),
        ]),
      );
      expect(outcomeOf(notImage)).toMatchObject({ statusCode: 400, sessionEnded: false });
    },
    evidencePhotos: async () => {
      const { evidenceId, sha256 } = await evidenceWithPhoto();
      const photos = await answered("evidencePhotos", calls.evidencePhotos({ evidence_id: evidenceId }));
      expect(photos.map((photo) => photo.sha256)).toContain(sha256);
    },
    evidencePhoto: async () => {
      const { photoId } = await evidenceWithPhoto();
      const file = await calls.evidencePhoto({ id: photoId });
      expect(Buffer.from(await file.blob.arrayBuffer()).equals(PNG)).toBe(true);
    },
    waybillDownload: async () => {
      const file = await calls.waybillDownload({ id: uploadedWaybill!.id, format: "csv" });
      const lines = (await file.blob.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("运单号,经销商,外包装码,码,码类型,上级码");
      expect(lines.slice(1).some((line) => line.split(",")[3] === uploadedWaybill!.code)).toBe(true);
      const xlsx = await calls.waybillDownload({ id: uploadedWaybill!.id });
      expect(xlsx.fileName).toMatch(/\.xlsx$/);
      expect(outcomeOf(await rejection(calls.waybillDownload({ id: 999_999_999 })))).toMatchObject({
        statusCode: 404,
        sessionEnded: false,
      });
    },
  } satisfies Record<CallName, () => Promise<void>>;

  it("one generated client function per contract call", () => {
    expect(Object.keys(CALLS).filter((name) => typeof (calls as Record<string, unknown>)[name] !== "function")).toEqual(
      [],
    );
  });

  it.each(Object.keys(CALLS) as CallName[])("%s answers what the contract declares", async (name) => {
    await scenarios[name]();
  });

  it.each(Object.keys(CALLS) as CallName[])(
    "%s without a token: public calls answer, the others are an ended session",
    async (name) => {
      const call = CALLS[name];
      clearSession();
      try {
        const attempt = callEndpoint(call.endpoint, call.access === "public" ? sampleInput(name) : {});
        if (call.access === "public") expect(schemaErrors(call.data, await attempt)).toEqual([]);
        else
          expect(outcomeOf(await rejection(attempt))).toEqual({
            statusCode: 403,
            code: CODE.sessionInvalid,
            sessionEnded: true,
          });
      } finally {
        setToken(tokens.admin);
      }
    },
  );
});

/** Inputs the public calls accept without a session. */
function sampleInput(name: CallName): Record<string, unknown> {
  if (name === "login") return { account_name: "admin", account_password: PASSWORD, account_type: "enterprise" };
  return name === "enterpriseIcp"
    ? { enterprise_code: "E0001" }
    : name === "consumerScan"
      ? { code: "NO-SUCH-CODE" }
      : {};
}
