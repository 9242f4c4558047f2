import { afterEach, describe, expect, it, vi } from "vitest";
import { callEndpoint, multipartBody, normalizeList, toHttpMethod, toIdValue } from "./endpoint-call";
import { ok, stubFetch } from "../test-support/fetch-stub";

afterEach(() => vi.unstubAllGlobals());

describe("callEndpoint", () => {
  it("puts GET parameters in the query string", async () => {
    const calls = stubFetch(ok([]));
    await callEndpoint({ method: "GET", path: "/api/x/pagelist" }, { page: 1, name: "a b", empty: "" });
    expect(calls[0]).toMatchObject({
      method: "GET",
      path: "/api/x/pagelist",
      query: { page: "1", name: "a b" },
      body: undefined,
    });
  });
  it("puts POST parameters in a JSON body", async () => {
    const calls = stubFetch(ok({ id: 1 }));
    await expect(callEndpoint({ method: "POST", path: "/api/x/add" }, { name: "n", page: 2 })).resolves.toEqual({
      id: 1,
    });
    expect(calls[0]).toMatchObject({ method: "POST", path: "/api/x/add", query: {}, body: { name: "n", page: 2 } });
  });
});

describe("normalizeList", () => {
  it.each([
    ["paged", { list: [1], total: 7, page: 2, size: 1 }, { list: [1], total: 7, page: 2, size: 1 }],
    ["unpaged", { list: [1, 2], total: 2 }, { list: [1, 2], total: 2 }],
    ["without total", { list: [1, 2] }, { list: [1, 2], total: 2 }],
    ["bare array", [1, 2, 3], { list: [1, 2, 3], total: 3 }],
    ["null", null, { list: [], total: 0 }],
  ])("reads %s lists", (_name, data, want) => {
    expect(normalizeList(data)).toEqual(want);
  });
});

describe("helpers", () => {
  it("turns numeric route ids into numbers", () => {
    expect(toIdValue("42")).toBe(42);
    expect(toIdValue("a-1")).toBe("a-1");
    expect(toIdValue(7)).toBe(7);
  });
  it("accepts known methods in any case", () => {
    expect(toHttpMethod("post")).toBe("POST");
    expect(() => toHttpMethod("head")).toThrow(/Unsupported/);
  });
});

describe("multipart calls (a contract call with body: multipart)", () => {
  it("send the input's fields as text and each file under 'files', named", () => {
    const form = multipartBody({ evidence_id: 7, note: undefined }, [
      new File(["a"], "one.png", { type: "image/png" }),
      new Blob(["b"]),
    ]);
    expect(form.get("evidence_id")).toBe("7");
    expect(form.has("note")).toBe(false);
    const files = form.getAll("files") as File[];
    expect(files.map((file) => file.name)).toEqual(["one.png", "file"]);
  });
});
