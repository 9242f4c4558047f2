import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./http-client";
import { ok, stubFetch } from "../test-support/fetch-stub";
import { productEndpoints } from "../test-support/product-endpoints";
import { createResourceClient } from "./resource-client";

afterEach(() => vi.unstubAllGlobals());

interface Product {
  id: number;
  name: string;
}
type ProductInput = Omit<Product, "id">;

const endpoints = { ...productEndpoints, options: { method: "GET", path: "/api/products/options" } } as const;
const client = createResourceClient<Product, ProductInput>(endpoints, {
  name: "products",
  actions: {
    close: { method: "POST", path: "/api/products/close" },
    purge: { method: "POST", path: "/api/products/purge" },
  },
});

describe("createResourceClient", () => {
  it("lists with page, capped size, sort and filters in the query", async () => {
    const calls = stubFetch(ok({ list: [{ id: 1, name: "a" }], total: 1, page: 1, size: 100 }));
    const result = await client.list({ page: 1, size: 500, sort: "-id", name: "a", status: undefined });
    expect(result).toEqual({ list: [{ id: 1, name: "a" }], total: 1, page: 1, size: 100 });
    expect(calls[0].query).toEqual({ page: "1", size: "100", sort: "-id", name: "a" });
  });

  it("reads a record by id", async () => {
    const calls = stubFetch(ok({ id: 5, name: "b" }));
    await expect(client.detail("5")).resolves.toEqual({ id: 5, name: "b" });
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/products/detail", query: { id: "5" } });
  });

  it("creates with the input as body, updates with {id, ...input}, removes with {id}", async () => {
    const calls = stubFetch(ok({ id: 9, name: "c" }), ok({ id: 9, name: "d" }), ok(null));
    await client.create({ name: "c" });
    await client.update(9, { name: "d" });
    await client.remove("9");
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ["/api/products/add", { name: "c" }],
      ["/api/products/update", { name: "d", id: 9 }],
      ["/api/products/delete", { id: 9 }],
    ]);
  });

  it("asks for options with q and the current ids", async () => {
    const calls = stubFetch(ok([{ value: 1, label: "Tea" }]));
    await expect(client.options("te")).resolves.toEqual([{ value: 1, label: "Tea" }]);
    await client.options(undefined, [3, 4]);
    await client.options("a", undefined, { depart_id: 2 });
    expect(calls.map((c) => c.query)).toEqual([{ q: "te" }, { ids: "3,4" }, { depart_id: "2", q: "a" }]);
  });

  it("runs row and collection actions", async () => {
    const calls = stubFetch(ok(null));
    await client.action("close", 3, { reason: "x" });
    await client.action("purge");
    expect(calls.map((c) => c.body)).toEqual([{ reason: "x", id: 3 }, {}]);
    await expect(client.action("nope", 1)).rejects.toThrow(/no action nope/);
  });

  it("reads singletons without an id", async () => {
    const calls = stubFetch(ok({ id: 1, name: "icp" }));
    const singleton = createResourceClient<Product, ProductInput>(endpoints, { singleton: true });
    await singleton.detail();
    await singleton.update(undefined, { name: "x" });
    expect(calls[0].query).toEqual({});
    expect(calls[1].body).toEqual({ name: "x" });
  });

  it("rejects with ApiError and a missing endpoint with a clear message", async () => {
    stubFetch({ envelope: { status_code: 400, message: "bad", code: 400, data: null, errors: { name: "too long" } } });
    const error = await client.create({ name: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "bad", statusCode: 400, errors: { name: "too long" } });
    await expect(createResourceClient({}, { name: "empty" }).list()).rejects.toThrow("empty has no list endpoint");
  });
});
