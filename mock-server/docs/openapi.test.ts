import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { fixtureApp } from "../test-fixtures/test-app";

let app: FastifyInstance;
beforeAll(async () => ({ app } = await fixtureApp({ docs: true, seed: false })));
afterAll(() => app.close());

describe("OpenAPI document", () => {
  it("describes every call, with schemas and the Token header", async () => {
    const response = await app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.Token).toEqual({ type: "apiKey", in: "header", name: "Token" });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/sso/login", "/api/base/products/pagelist", "/api/org/menutree/savetree"]),
    );
    const create = doc.paths["/api/base/products/add"].post;
    expect(create.requestBody.content["application/json"].schema.required).toEqual(["product_code", "product_name"]);
    expect(create.security).toEqual([{ Token: [] }]);
    expect(doc.paths["/api/sso/login"].post.security).toBeUndefined();
    expect(JSON.stringify(doc)).not.toContain("x-coerce");
  });

  it("serves the viewer at /api/docs without a token", async () => {
    const response = await app.inject({ url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("swagger");
  });
});
