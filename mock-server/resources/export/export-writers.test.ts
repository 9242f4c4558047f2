import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { exportWriter } from "./export-writers";

/** An output whose buffer does not empty until released: write answers `accepts`, writableLength grows. */
function heldOutput(accepts: boolean) {
  let pending: (() => void)[] = [];
  let flowing = false;
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(_chunk, _encoding, callback) {
      if (flowing) setImmediate(callback);
      else pending.push(callback);
    },
  });
  const write = out.write.bind(out);
  out.write = ((chunk: string) => (write(chunk), accepts)) as typeof out.write;
  return {
    out,
    release: () => {
      flowing = true;
      const callbacks = pending;
      pending = [];
      callbacks.forEach((callback) => callback());
    },
  };
}

const bigPage = Array.from({ length: 2_000 }, (_, row) => [row, "x".repeat(1_000)]);
const settled = async (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 50))]);

describe("CSV export writer", () => {
  it("goes on when the output took a page of more than a megabyte (an injected response owes no 'drain')", async () => {
    const { out } = heldOutput(true);
    const writer = exportWriter("csv", out, ["id", "text"], "t");
    expect(await settled(writer.rows(bigPage))).toBe(true);
    expect(out.writableLength).toBeGreaterThan(1 << 20);
  });

  it("waits for 'drain' when the output refused more and holds over a megabyte, then goes on", async () => {
    const { out, release } = heldOutput(false);
    const writer = exportWriter("csv", out, ["id", "text"], "t");
    const written = writer.rows(bigPage);
    expect(await settled(written)).toBe(false);
    release();
    expect(await settled(written)).toBe(true);
  });

  it("stops waiting when the output closes", async () => {
    const { out } = heldOutput(false);
    const writer = exportWriter("csv", out, ["id", "text"], "t");
    const written = writer.rows(bigPage);
    expect(await settled(written)).toBe(false);
    out.destroy();
    expect(await settled(written)).toBe(true);
  });
});
