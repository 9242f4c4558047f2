import { afterEach, describe, expect, it, vi } from "vitest";
import { whenServed } from "./follow-served-contract";

afterEach(() => vi.useRealTimers());

describe("waiting for the written contract to be served (issue 16 item 1)", () => {
  it("asks until the server names the written version", async () => {
    const answers = ["old", "old", undefined, "new"];
    const ask = vi.fn(async () => {
      const answer = answers.shift();
      if (answer === undefined) throw new Error("502 while the server swaps");
      return answer;
    });
    await expect(whenServed("new", () => "new", ask)).resolves.toBe(true);
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it("stops when a newer contract was written meanwhile, so only the newest one loads the roles", async () => {
    let newest = "first";
    const ask = vi.fn(async () => {
      newest = "second";
      return "old";
    });
    await expect(whenServed("first", () => newest, ask)).resolves.toBe(false);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("gives up when the server never serves it", async () => {
    vi.useFakeTimers();
    const waiting = whenServed("new", () => "new", async () => "old");
    await vi.advanceTimersByTimeAsync(16_000);
    await expect(waiting).resolves.toBe(false);
  });
});
