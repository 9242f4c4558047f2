import { describe, expect, it } from "vitest";
import { GateFull, HashGate } from "./hash-gate";

/** Work that finishes when the test says so. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe("HashGate", () => {
  it("runs at most maxInFlight at once and queues the rest in order", async () => {
    const gate = new HashGate(1, 4);
    const order: string[] = [];
    const first = held();
    const a = gate.run(async () => (await first.work(), order.push("a")), { priority: false });
    const b = gate.run(() => Promise.resolve(order.push("b")), { priority: false });
    const c = gate.run(() => Promise.resolve(order.push("c")), { priority: false });
    await Promise.resolve();
    expect(order).toEqual([]);
    expect(gate.queued).toBe(2);
    first.finish();
    await Promise.all([a, b, c]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("refuses at once beyond the queue, and frees its places whatever the work's outcome", async () => {
    const gate = new HashGate(1, 1);
    const first = held();
    const a = gate.run(first.work, { priority: false });
    const b = gate.run(() => Promise.reject(new Error("boom")), { priority: false });
    await expect(gate.run(() => Promise.resolve(1), { priority: false })).rejects.toBeInstanceOf(GateFull);
    first.finish();
    await a;
    await expect(b).rejects.toThrow("boom");
    await expect(gate.run(() => Promise.resolve(2), { priority: false })).resolves.toBe(2);
  });

  it("queues a clean source ahead of failing ones and, when full, takes the newest one's place", async () => {
    const gate = new HashGate(1, 2);
    const order: string[] = [];
    const first = held();
    const running = gate.run(first.work, { priority: false });
    const flood1 = gate.run(() => Promise.resolve(order.push("flood1")), { priority: false });
    const flood2 = gate.run(() => Promise.resolve(order.push("flood2")), { priority: false });
    const owner = gate.run(() => Promise.resolve(order.push("owner")), { priority: true });
    await expect(flood2).rejects.toBeInstanceOf(GateFull);
    first.finish();
    await Promise.all([running, flood1, owner]);
    expect(order).toEqual(["owner", "flood1"]);
  });
});
