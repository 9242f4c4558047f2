import { describe, expect, it, vi } from "vitest";
import { ScanViews } from "./scan-views";

const counting = () => {
  const start = vi.fn((code: string) => Promise.resolve(`${code}#${start.mock.calls.length}`));
  return { start, views: new ScanViews(start, 3) };
};

describe("ScanViews", () => {
  it("calls once per view however often the view asks (StrictMode runs effects twice)", async () => {
    const { start, views } = counting();
    const first = views.get("default", "ABC");
    const again = views.get("default", "ABC");
    expect(again).toBe(first);
    expect(start).toHaveBeenCalledTimes(1);
    await expect(first).resolves.toBe("ABC#1");
  });

  it("calls again for another history entry or another code", () => {
    const { start, views } = counting();
    // Only the calls are counted here; the answers do not matter.
    void views.get("k1", "ABC");
    void views.get("k2", "ABC");
    void views.get("k2", "XYZ");
    expect(start.mock.calls).toEqual([["ABC"], ["ABC"], ["XYZ"]]);
  });

  it("keeps a failed call: the error shows again until the user retries", async () => {
    const start = vi
      .fn<(code: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue("ok");
    const views = new ScanViews(start);
    await expect(views.get("k", "ABC")).rejects.toThrow("offline");
    await expect(views.get("k", "ABC")).rejects.toThrow("offline");
    expect(start).toHaveBeenCalledTimes(1);
    const retried = views.retry("k", "ABC");
    await expect(retried).resolves.toBe("ok");
    expect(views.get("k", "ABC")).toBe(retried);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it("forgets the oldest views past its limit", () => {
    const { start, views } = counting();
    // Only the calls are counted here; the answers do not matter.
    for (const view of ["a", "b", "c", "d"]) void views.get(view, "ABC");
    void views.get("d", "ABC");
    void views.get("b", "ABC");
    expect(start).toHaveBeenCalledTimes(4);
    void views.get("a", "ABC");
    expect(start).toHaveBeenCalledTimes(5);
  });
});
