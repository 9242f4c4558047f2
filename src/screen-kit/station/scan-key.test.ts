import { afterEach, describe, expect, it, vi } from "vitest";
import { newScanKey } from "./scan-key";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("scan keys", () => {
  it("are version 4 UUIDs, a new one each scan", () => {
    const keys = new Set(Array.from({ length: 100 }, newScanKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it("are made from random bytes where the page is not a secure context (no randomUUID)", () => {
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(newScanKey()).toBe("ffffffff-ffff-4fff-bfff-ffffffffffff");
  });
});
