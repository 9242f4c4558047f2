import { describe, expect, it } from "vitest";
import { TONES, toneSamples } from "./verdict-tone";

const RATE = 8000;

/** The loudest sample in [from, to) seconds. */
const peakBetween = (samples: Float32Array, from: number, to: number) =>
  Math.max(...samples.slice(Math.round(from * RATE), Math.round(to * RATE)).map(Math.abs));

describe("toneSamples", () => {
  it("lasts until the verdict's last tone ends", () => {
    expect(toneSamples("ok", RATE).length).toBe(Math.ceil(0.07 * RATE));
    expect(toneSamples("finished", RATE).length).toBe(Math.ceil(0.38 * RATE));
  });

  it("sounds each tone from its start, loud at first and faded by its end, silent between tones", () => {
    const refused = toneSamples("refused", RATE);
    const [first, second] = TONES.refused.tones;
    expect(peakBetween(refused, first.start, first.start + 0.01)).toBeCloseTo(0.2, 1);
    expect(peakBetween(refused, first.start + first.duration - 0.005, first.start + first.duration)).toBeLessThan(0.01);
    expect(peakBetween(refused, first.start + first.duration + 0.01, second.start)).toBe(0);
    expect(peakBetween(refused, second.start, second.start + 0.01)).toBeCloseTo(0.2, 1);
  });

  it("has the tone's pitch: a sine of 1,320 Hz crosses zero 2,640 times a second", () => {
    const rate = 48_000;
    const ok = toneSamples("ok", rate);
    let crossings = 0;
    for (let i = 1; i < ok.length; i++) if (Math.sign(ok[i]) !== Math.sign(ok[i - 1]) && ok[i] !== 0) crossings++;
    expect(crossings / (ok.length / rate)).toBeGreaterThan(2600);
    expect(crossings / (ok.length / rate)).toBeLessThan(2680);
  });
});
