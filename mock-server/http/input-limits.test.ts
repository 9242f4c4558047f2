// Input limits on the real contract: numbers, control characters, unknown
// parameters, padded account names and unknown methods are 400/404 envelopes, never a 500,
// and a refused write changes nothing.
import { PassThrough } from "node:stream";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { clientErrorHandler } from "../errors";
import { contract } from "../generated/contract.gen";
import { envelope, login } from "../test-fixtures/test-app";

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await buildApp({ contract, dbFile: ":memory:", seedAnchor: "2024-06-01", seedScale: 0.2, docs: false });
  token = await login(app, "admin");
}, 60_000);
afterAll(() => app.close());

const count = async (table: string) =>
  (await app.consoleContext.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`))!.n;
const get = (url: string) => app.inject({ url, headers: { token } });
const post = (url: string, payload: string | object) =>
  app.inject({ method: "POST", url, headers: { token, "content-type": "application/json" }, payload });
const brand = (extra: Record<string, unknown>) => ({
  brand_code: "B13",
  brand_name: "Hardening",
  status: "enabled",
  ...extra,
});

describe("numbers", () => {
  it.each(["1e308", "Infinity", "-Infinity", "1e400", "930000000000000000", "90071992547410"])(
    "page=%s is a 400 naming page",
    async (page) => {
      const body = envelope(await get(`/api/base/brands/pagelist?page=${page}`));
      expect(body).toMatchObject({ status_code: 400, code: 40000 });
      expect(Object.keys(body.errors!)).toEqual(["page"]);
    },
  );

  it("the last page whose offset SQLite can bind is an empty page, not a 500", async () => {
    const body = envelope(await get("/api/base/brands/pagelist?page=90071992547409&size=100"));
    expect(body).toMatchObject({ status_code: 200, data: { list: [] } });
  });

  it.each([
    [
      "1e400 (Infinity after JSON.parse)",
      '{"brand_code":"B13","brand_name":"Hardening","status":"enabled","sort":1e400}',
    ],
    ["-1e400", '{"brand_code":"B13","brand_name":"Hardening","status":"enabled","sort":-1e400}'],
    ["1e300", JSON.stringify(brand({ sort: 1e300 }))],
    ["2^53", JSON.stringify(brand({ sort: 2 ** 53 }))],
  ])("a number field without a maximum refuses %s and stores nothing", async (_name, payload) => {
    const before = await count("brands");
    const body = envelope(await post("/api/base/brands/add", payload));
    expect(body).toMatchObject({ status_code: 400, code: 40000 });
    expect(Object.keys(body.errors!)).toEqual(["sort"]);
    expect(await count("brands")).toBe(before);
  });

  it("the largest exact integer is accepted", async () => {
    const body = envelope(
      await post("/api/base/brands/add", brand({ brand_code: "B13MAX", sort: Number.MAX_SAFE_INTEGER })),
    );
    expect(body.status_code).toBe(200);
  });

  it("an id beyond 2^53 is a 400, on GET and POST", async () => {
    expect(envelope(await get("/api/base/brands/detail?id=1e400")).errors).toHaveProperty("id");
    expect(envelope(await post("/api/base/brands/delete", '{"id":1e400}')).errors).toHaveProperty("id");
  });
});

describe("small ones", () => {
  it.each(["%00zzzz", "a%01b", "%1F", "%7F"])(
    "a control character in a contains filter (%s) is a 400",
    async (text) => {
      const body = envelope(await get(`/api/base/brands/pagelist?brand_name=${text}`));
      expect(body).toMatchObject({ status_code: 400, message: "brand_name: must not contain control characters" });
    },
  );

  it("plain filter text still filters", async () => {
    expect(envelope(await get("/api/base/brands/pagelist?brand_name=zzzz-none")).data.total).toBe(0);
  });

  it("a POST refuses unknown query parameters as a GET does, and writes nothing", async () => {
    const before = await count("brands");
    const body = envelope(await post("/api/base/brands/add?debug=1", brand({ brand_code: "B13Q" })));
    expect(body).toMatchObject({ status_code: 400, message: "debug: unknown parameter" });
    expect(await count("brands")).toBe(before);
    expect(envelope(await get("/api/base/brands/pagelist?debug=1")).message).toBe("debug: unknown parameter");
  });

  it.each([" admin", "admin ", " admin ", "admin\t"])("the account name %j is refused, not trimmed", async (name) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/sso/login",
      payload: { account_name: name, account_password: "111111", account_type: "enterprise", permissions: 1 },
    });
    expect(envelope(response)).toMatchObject({ status_code: 400, code: 40000 });
    expect(envelope(response).errors).toHaveProperty("account_name");
  });

  it.each(["PROPFIND", "MKCOL", "TRACE", "DELETE", "PUT"])("%s on an API path is a 404 envelope", async (method) => {
    const response = await app.inject({
      method: method as "GET",
      url: "/api/base/brands/pagelist",
      headers: { token },
    });
    expect(envelope(response)).toMatchObject({ status_code: 404, code: 40400 });
  });

  it("HEAD on a GET call answers its status without a body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/api/base/brands/pagelist" });
    expect(response.statusCode).toBe(403);
    expect(response.body).toBe("");
  });

  it("a request node's parser refuses (method FOO) gets the envelope on the socket", async () => {
    const socket = new PassThrough() as unknown as Socket & PassThrough;
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => socket.on("finish", resolve));
    clientErrorHandler(Object.assign(new Error("Invalid method encountered"), { code: "HPE_INVALID_METHOD" }), socket);
    await ended;
    const [head, body] = Buffer.concat(chunks).toString().split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(body)).toMatchObject({ status_code: 400, code: 40000, data: null });
  });
});

describe("uri fields", () => {
  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/x",
    "vbscript:x",
    "http://",
  ])("the ICP link refuses %j and keeps its value", async (url) => {
    const before = envelope(await get("/api/org/enterpriseaccount/geticp")).data;
    const body = envelope(await post("/api/org/enterpriseaccount/updateicp", { icp_url: url }));
    expect(body).toMatchObject({ status_code: 400 });
    expect(Object.keys(body.errors!)).toContain("icp_url");
    expect(envelope(await get("/api/org/enterpriseaccount/geticp")).data).toEqual(before);
  });

  it.each(["https://beian.miit.gov.cn/", "HTTP://example.com/a?b=c"])("accepts the web address %j", async (url) => {
    expect(envelope(await post("/api/org/enterpriseaccount/updateicp", { icp_url: url })).status_code).toBe(200);
  });
});

describe("small refusals", () => {
  it("options?q= with a NUL is a 400, not the unfiltered list", async () => {
    const body = envelope(await get("/api/base/brands/options?q=%00"));
    expect(body).toMatchObject({ status_code: 400, code: 40000 });
    expect(Object.keys(body.errors!)).toEqual(["q"]);
  });

  it.each(["0x2", "0b10", "0o2", "2e0", " 2", "+2", "2.0"])("id=%s is a 400: ids are decimal digits", async (id) => {
    const body = envelope(await get(`/api/base/brands/detail?id=${encodeURIComponent(id)}`));
    expect(body).toMatchObject({ status_code: 400, code: 40000 });
    expect(Object.keys(body.errors!)).toEqual(["id"]);
  });

  it("id=2 in decimal digits is read", async () => {
    expect(envelope(await get("/api/base/brands/detail?id=2")).code).toBe(0);
  });

  it("a sort that names a field twice is a 400, so no sort has more keys than there are sortable columns", async () => {
    const repeated = Array.from({ length: 61 }, () => "id").join(",");
    const body = envelope(await get(`/api/base/brands/pagelist?sort=${repeated}`));
    expect(body).toMatchObject({ status_code: 400, code: 40000 });
    expect(body.message).toContain("sorted twice");
    expect(envelope(await get("/api/base/brands/pagelist?sort=-id,brand_name")).code).toBe(0);
  });
});
