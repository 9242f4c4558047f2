import { afterEach, describe, expect, it, vi } from "vitest";
import { ok, stubFetch } from "../test-support/fetch-stub";
import { productEndpoints } from "../test-support/product-endpoints";
import { dataProvider, toHttpError } from "./data-provider";
import { ApiError } from "../api/http-client";

afterEach(() => vi.unstubAllGlobals());

const meta = { endpoints: productEndpoints, paged: true, dataResource: "products" };

describe("dataProvider.getList", () => {
  it("sends page, size, sort and filters as a query and reads {list, total}", async () => {
    const calls = stubFetch(ok({ list: [{ id: 1 }], total: 31, page: 2, size: 10 }));
    const result = await dataProvider.getList({
      resource: "productlist",
      pagination: { currentPage: 2, pageSize: 10, mode: "server" },
      sorters: [
        { field: "name", order: "asc" },
        { field: "id", order: "desc" },
      ],
      filters: [
        { field: "name", operator: "contains", value: "tea" },
        { field: "status", operator: "eq", value: "on" },
        { field: "price", operator: "gte", value: 1 },
        { field: "price", operator: "lte", value: 5 },
        { field: "made_on", operator: "between", value: ["2024-01-01", "2024-02-01"] },
      ],
      meta,
    });
    expect(result).toEqual({ data: [{ id: 1 }], total: 31 });
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/products/pagelist" });
    expect(calls[0].query).toEqual({
      page: "2",
      size: "10",
      sort: "name,-id",
      name: "tea",
      status: "on",
      price_from: "1",
      price_to: "5",
      made_on_from: "2024-01-01",
      made_on_to: "2024-02-01",
    });
  });

  it("sends a POST list's parameters as a JSON body", async () => {
    const calls = stubFetch(ok({ list: [], total: 0 }));
    await dataProvider.getList({
      resource: "positions",
      pagination: { currentPage: 1, pageSize: 200 },
      filters: [{ field: "name", operator: "eq", value: "x" }],
      meta: { endpoints: { list: { method: "POST", path: "/api/org/positions/list" } } },
    });
    expect(calls[0]).toMatchObject({ method: "POST", query: {}, body: { name: "x", page: 1, size: 100 } });
  });

  it("asks an unpaged list for everything and returns all rows", async () => {
    const calls = stubFetch(ok({ list: [{ id: 1 }, { id: 2 }], total: 2 }));
    const result = await dataProvider.getList({
      resource: "roles",
      pagination: { currentPage: 1, pageSize: 10 },
      meta: { ...meta, paged: false },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(calls[0].query).toEqual({});
  });
});

describe("dataProvider record calls", () => {
  it("reads detail by ?id=N", async () => {
    const calls = stubFetch(ok({ id: 3, name: "a" }));
    await expect(dataProvider.getOne({ resource: "productlist", id: "3", meta })).resolves.toEqual({
      data: { id: 3, name: "a" },
    });
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/products/detail", query: { id: "3" } });
  });

  it("reads a singleton without id and updates it with the variables only", async () => {
    const calls = stubFetch(ok({ id: 1, icp: "x" }));
    const singletonMeta = { ...meta, singleton: true };
    await dataProvider.getOne({ resource: "enterprise", id: "singleton", meta: singletonMeta });
    await dataProvider.update({
      resource: "enterprise",
      id: "singleton",
      variables: { id: 1, icp: "y" },
      meta: singletonMeta,
    });
    expect(calls[0].query).toEqual({});
    expect(calls[1].body).toEqual({ id: 1, icp: "y" });
  });

  it("creates with the variables, updates with {id, ...variables}, deletes with {id}", async () => {
    const calls = stubFetch(ok({ id: 9, name: "n" }), ok({ id: 9, name: "m" }), ok(null));
    await expect(dataProvider.create({ resource: "productlist", variables: { name: "n" }, meta })).resolves.toEqual({
      data: { id: 9, name: "n" },
    });
    await dataProvider.update({ resource: "productlist", id: "9", variables: { name: "m" }, meta });
    await expect(dataProvider.deleteOne({ resource: "productlist", id: 9, meta })).resolves.toEqual({
      data: { id: 9 },
    });
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "/api/products/add", { name: "n" }],
      ["POST", "/api/products/update", { name: "m", id: 9 }],
      ["POST", "/api/products/delete", { id: 9 }],
    ]);
  });

  it("passes custom calls through request()", async () => {
    const calls = stubFetch(ok([{ id: 1 }]), ok({ done: true }));
    await expect(
      dataProvider.custom!({ url: "/api/org/enterprisedepart/tree", method: "get", query: { depth: 2 } }),
    ).resolves.toEqual({ data: [{ id: 1 }] });
    await dataProvider.custom!({ url: "/api/x/close", method: "post", payload: { id: 4 } });
    expect(calls[0]).toMatchObject({ method: "GET", path: "/api/org/enterprisedepart/tree", query: { depth: "2" } });
    expect(calls[1]).toMatchObject({ method: "POST", body: { id: 4 } });
  });

  it("answers getApiUrl with the console's own origin", () => {
    expect(dataProvider.getApiUrl()).toBe("");
  });
});

describe("dataProvider errors", () => {
  it("rejects with the ApiError in refine's HttpError shape, field errors included", async () => {
    stubFetch({
      envelope: { status_code: 400, message: "name: too long", code: 40000, data: null, errors: { name: "too long" } },
    });
    const error = await dataProvider
      .create({ resource: "productlist", variables: { name: "x" }, meta })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "name: too long", statusCode: 400, errors: { name: "too long" } });
  });

  it("rejects a missing endpoint as an HttpError", async () => {
    const error = await dataProvider.getList({ resource: "nothing", meta: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "nothing has no list endpoint", statusCode: 0 });
  });

  it("refuses a call whose meta is missing or ill-typed, naming the resource and the key", async () => {
    const calls = stubFetch(ok({ list: [], total: 0 }));
    const refusal = (call: Promise<unknown>) => call.catch((e: unknown) => e);
    await expect(refusal(dataProvider.getOne({ resource: "bare", id: 1 }))).resolves.toMatchObject({
      message: "bare has no detail endpoint",
      statusCode: 0,
    });
    await expect(
      refusal(dataProvider.getList({ resource: "productlist", meta: { ...meta, paged: "false" } })),
    ).resolves.toMatchObject({ message: "productlist: meta.paged is not a boolean", statusCode: 0 });
    await expect(
      refusal(dataProvider.getOne({ resource: "enterprise", id: "singleton", meta: { ...meta, singleton: 1 } })),
    ).resolves.toMatchObject({ message: "enterprise: meta.singleton is not a boolean" });
    await expect(
      refusal(dataProvider.deleteOne({ resource: "productlist", id: 1, meta: { endpoints: { delete: { path: 7 } } } })),
    ).resolves.toMatchObject({ message: "productlist: meta.endpoints is not a map of {method, path} endpoints" });
    expect(calls).toHaveLength(0);
  });

  it("wraps foreign errors", () => {
    expect(toHttpError(new TypeError("boom"))).toMatchObject({ message: "boom", statusCode: 0 });
    const apiError = new ApiError("x", 500, 500);
    expect(toHttpError(apiError)).toBe(apiError);
  });
});
