import { describe, expect, it } from "vitest";
import { verdictFrames } from "./verdict-frames";

/** Frames drawn by hand: `draw()` runs the callbacks asked for so far, as a browser's frame does. */
function frames() {
  let callbacks: (() => void)[] = [];
  return {
    request: (callback: () => void) => callbacks.push(callback),
    draw: async () => {
      const now = callbacks;
      callbacks = [];
      for (const callback of now) callback();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe("verdict frames", () => {
  it("draws a verdict that comes alone at once, and each of several that come together in a frame of its own", async () => {
    const clock = frames();
    const pacer = verdictFrames(clock.request, () => false);
    const drawn: string[] = [];
    await pacer.turn();
    drawn.push("A");
    const chain = ["B", "C"].reduce(
      (previous, code) => previous.then(() => pacer.turn()).then(() => void drawn.push(code)),
      Promise.resolve(),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(drawn).toEqual(["A"]);
    await clock.draw();
    expect(drawn).toEqual(["A", "B"]);
    await clock.draw();
    await chain;
    expect(drawn).toEqual(["A", "B", "C"]);
    // A frame with no verdict drawn in it: the next comes at once.
    await clock.draw();
    await pacer.turn();
  });

  it("holds nothing while the page is hidden (it draws no frames)", async () => {
    const clock = frames();
    const pacer = verdictFrames(clock.request, () => true);
    await pacer.turn();
    await pacer.turn();
    await pacer.turn();
  });
});
