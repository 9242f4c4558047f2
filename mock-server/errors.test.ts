// The envelope of every rejection a client can cause, and the masked 500.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { DatabaseUnavailable } from "./db/engine/database-errors";
import { call, envelope, fixtureApp, login } from "./test-fixtures/test-app";
import { errorBody, errorHandler, validationError } from "./errors";
import { ErrorCode } from "./refusals";

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  ({ app } = await fixtureApp());
  token = await login(app, "admin");
});
afterAll(() => app.close());

const product = { product_code: "P-1", product_name: "测试产品" };

describe("validation failures", () => {
  it("names the field and the rule, with an errors map", async () => {
    const response = await call(app, {
      method: "POST",
      url: "/api/base/products/add",
      token,
      body: { ...product, product_name: "x".repeat(33) },
    });
    const body = envelope(response);
    expect(response.statusCode).toBe(400);
    expect(body.code).toBe(ErrorCode.validation);
    expect(body.message).toBe("product_name: must have at most 32 characters");
    expect(body.errors).toEqual({ product_name: "must have at most 32 characters" });
  });

  it("refuses a missing required field", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/base/products/add", token, body: { product_code: "P-2" } }),
    );
    expect(body.status_code).toBe(400);
    expect(body.message).toBe("product_name: is required");
  });

  it("refuses an unknown field instead of dropping it", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/base/products/add", token, body: { ...product, is_admin: true } }),
    );
    expect(body).toMatchObject({ status_code: 400, code: 40000, message: "is_admin: unknown field" });
  });

  it("refuses a wrong type without coercing it", async () => {
    const body = envelope(
      await call(app, { method: "POST", url: "/api/base/products/add", token, body: { ...product, price: "12" } }),
    );
    expect(body).toMatchObject({ status_code: 400, message: "price: must be number" });
  });

  it("gives the spec §5 message for the shared input rule, in the request's language", async () => {
    const refused = (language: string) =>
      app.inject({
        method: "POST",
        url: "/api/base/products/add",
        headers: { token, "accept-language": language },
        payload: { ...product, product_code: "编码/1" },
      });
    const zh = envelope(await refused("zh-CN,zh;q=0.9"));
    expect(zh.message).toBe("product_code: 不能输入%!=/:;“’等特殊字符与中文");
    expect(zh).toMatchObject({ key: "common.rule.inputRule", field: "product_code" });
    expect(envelope(await refused("en-US")).message).toBe(
      "product_code: Special characters such as %!=/:;“’ and Chinese characters are not allowed",
    );
  });

  it("keeps every failing field in errors", () => {
    const error = validationError(
      [
        {
          keyword: "maxLength",
          instancePath: "/a",
          message: "must NOT have more than 2 characters",
          params: { limit: 2 },
        },
        {
          keyword: "required",
          instancePath: "",
          message: "must have required property 'b'",
          params: { missingProperty: "b" },
        },
      ],
      "body",
    );
    expect(errorBody(error).errors).toEqual({ a: "must have at most 2 characters", b: "is required" });
    expect(errorBody(error, "zh")).toMatchObject({
      message: "a: 最多 2 个字符",
      key: "common.rule.maxLength",
      params: { limit: 2 },
      field: "a",
      error_keys: { a: { key: "common.rule.maxLength", params: { limit: 2 } }, b: { key: "common.rule.required" } },
    });
  });
});

describe("malformed requests", () => {
  it("answers malformed JSON with 400 40001", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/base/products/add",
      headers: { token, "content-type": "application/json" },
      payload: '{"product_code": ',
    });
    expect(envelope(response)).toMatchObject({ status_code: 400, code: 40001 });
  });

  it("refuses prototype pollution keys as malformed", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/base/products/add",
      headers: { token, "content-type": "application/json" },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(envelope(response)).toMatchObject({ status_code: 400, code: 40001 });
  });

  it("answers a body over 1 MiB with 413 41300", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/base/products/add",
      headers: { token, "content-type": "application/json" },
      payload: JSON.stringify({ product_name: "x".repeat(1024 * 1024) }),
    });
    expect(envelope(response)).toMatchObject({ status_code: 413, code: 41300 });
  });

  it("answers another media type with 415", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/base/products/add",
      headers: { token, "content-type": "text/xml" },
      payload: "<a/>",
    });
    expect(envelope(response)).toMatchObject({ status_code: 415, code: 41500 });
  });

  it("answers a malformed URL with a 400 envelope, not a 500", async () => {
    const response = await app.inject({ method: "GET", url: "/api/base/%E0%A4%A" });
    expect(envelope(response)).toMatchObject({ status_code: 400, code: 40000 });
  });

  it("answers an unknown route with 404 40400", async () => {
    const body = envelope(await call(app, { url: "/api/nothing/here", token }));
    expect(body).toMatchObject({ status_code: 404, code: 40400, data: null });
  });
});

describe("a real fault", () => {
  it("is masked as 500 50000 and logged with the request's context", async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    const { app: faulty } = await fixtureApp({ logger: { level: "error", stream } });
    const admin = await login(faulty, "admin");
    await faulty.consoleContext.store.exec('DROP TABLE "brands"'); // a fault no client input causes
    const body = envelope(await call(faulty, { url: "/api/base/brands/pagelist", token: admin }));
    expect(body).toEqual({
      status_code: 500,
      code: 50000,
      message: "Internal server error",
      data: null,
      key: "common.internal",
    });
    // The engine's own words ("no such table", "relation … does not exist") name the table in the log only.
    const log = lines.join("");
    expect(log).toContain("brands");
    expect(log).toContain("unhandled error");
    expect(log).toContain("/api/base/brands/pagelist");
    await faulty.close();
  });
});

describe("the database out of reach", () => {
  const DRIVER_TEXT = "connect ENOENT /tmp/trace-pg-x/.s.PGSQL.5432";

  async function answer(thrown: Error, language?: string) {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
    const app = Fastify({ logger: { level: "warn", stream } });
    app.setErrorHandler(errorHandler);
    app.get("/rows", () => Promise.reject(thrown));
    const response = await app.inject({ url: "/rows", headers: language ? { "accept-language": language } : {} });
    await app.close();
    return { response, log: lines.join("") };
  }

  it("answers 503 50300 with a retry hint, in the request's language, and logs the driver's words", async () => {
    const { response, log } = await answer(new DatabaseUnavailable(DRIVER_TEXT));
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toEqual({
      status_code: 503,
      code: ErrorCode.databaseUnavailable,
      message: "The database is unavailable; try again shortly",
      data: null,
      key: "common.databaseUnavailable",
    });
    expect(response.body).not.toContain("ENOENT");
    expect(log).toContain(DRIVER_TEXT);
    expect(log).toContain("database unavailable");
    const zh = (await answer(new DatabaseUnavailable(DRIVER_TEXT), "zh-CN")).response.json<{ message: string }>();
    expect(zh.message).toBe("数据库暂时不可用，请稍后重试");
  });

  it("answers 503 when the loss is the cause of another error, and 500 for any other fault", async () => {
    const wrapped = new Error("seeding failed", { cause: new DatabaseUnavailable(DRIVER_TEXT) });
    expect((await answer(wrapped)).response.statusCode).toBe(503);
    const other = await answer(new Error('relation "brands" does not exist'));
    expect(other.response.statusCode).toBe(500);
    expect(other.response.body).not.toContain("relation");
  });
});
