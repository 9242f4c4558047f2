// A distinct sound per verdict, made with Web Audio (no files): a line worker hears the verdict
// without looking. One short high beep accepts, two rising tones close a unit, three finish the
// record (a waybill shipped), a low buzz refuses, two soft mid beeps keep a scan for later.
import type { VerdictKind } from "./station-state";

interface Tone {
  readonly frequency: number;
  readonly start: number;
  readonly duration: number;
}

type Wave = "sine" | "square" | "triangle";

export const TONES: Readonly<Record<VerdictKind, { readonly wave: Wave; readonly tones: readonly Tone[] }>> = {
  ok: { wave: "sine", tones: [{ frequency: 1320, start: 0, duration: 0.07 }] },
  opened: { wave: "sine", tones: [{ frequency: 990, start: 0, duration: 0.07 }] },
  complete: {
    wave: "sine",
    tones: [
      { frequency: 880, start: 0, duration: 0.09 },
      { frequency: 1320, start: 0.11, duration: 0.14 },
    ],
  },
  finished: {
    wave: "sine",
    tones: [
      { frequency: 880, start: 0, duration: 0.09 },
      { frequency: 1320, start: 0.11, duration: 0.09 },
      { frequency: 1760, start: 0.22, duration: 0.16 },
    ],
  },
  undone: { wave: "triangle", tones: [{ frequency: 660, start: 0, duration: 0.09 }] },
  queued: {
    wave: "triangle",
    tones: [
      { frequency: 520, start: 0, duration: 0.06 },
      { frequency: 520, start: 0.1, duration: 0.06 },
    ],
  },
  refused: {
    wave: "square",
    tones: [
      { frequency: 180, start: 0, duration: 0.16 },
      { frequency: 180, start: 0.22, duration: 0.16 },
    ],
  },
};

/** Each tone starts this loud and fades to FADE_TO over its duration. */
const PEAK = 0.2;
const FADE_TO = 0.001;

/** One period of each wave, as Web Audio's oscillators draw it, at a phase counted in periods. */
const WAVES: Readonly<Record<Wave, (phase: number) => number>> = {
  sine: (phase) => Math.sin(2 * Math.PI * phase),
  square: (phase) => (phase % 1 < 0.5 ? 1 : -1),
  triangle: (phase) => 1 - 4 * Math.abs(((phase + 0.25) % 1) - 0.5),
};

/** A verdict's tones as samples: the oscillators and fades they were made of, drawn once. */
export function toneSamples(kind: VerdictKind, sampleRate: number): Float32Array<ArrayBuffer> {
  const { wave, tones } = TONES[kind];
  const end = Math.max(...tones.map((tone) => tone.start + tone.duration));
  const samples = new Float32Array(Math.ceil(end * sampleRate));
  for (const tone of tones) {
    const first = Math.round(tone.start * sampleRate);
    const length = Math.round(tone.duration * sampleRate);
    for (let i = 0; i < length && first + i < samples.length; i++) {
      const t = i / sampleRate;
      const gain = PEAK * (FADE_TO / PEAK) ** (t / tone.duration);
      samples[first + i] += gain * WAVES[wave](tone.frequency * t);
    }
  }
  return samples;
}

// At a scanner's pace a verdict comes every 50 ms: each kind's sound is drawn into a buffer once, and
// a verdict plays it through one source node (a source plays once), not two nodes made per tone.
// The audio context and the sounds are made when the station opens (prepareVerdictTones): making the
// context took Chromium ~80 ms on a 2-core host, which the first verdict of a shift waited for. A
// context made before the operator's first key or click starts suspended (the browsers' autoplay
// rule) and is resumed at the first verdict, after it.
let context: AudioContext | undefined;
const buffers = new Map<VerdictKind, AudioBuffer>();

const hasWebAudio = () => typeof window !== "undefined" && typeof window.AudioContext === "function";

function bufferOf(audio: AudioContext, kind: VerdictKind): AudioBuffer {
  let buffer = buffers.get(kind);
  if (!buffer) {
    const samples = toneSamples(kind, audio.sampleRate);
    buffer = audio.createBuffer(1, samples.length, audio.sampleRate);
    buffer.copyToChannel(samples, 0);
    buffers.set(kind, buffer);
  }
  return buffer;
}

/** Makes the audio context and draws every verdict's sound, so that no verdict waits for them. */
export function prepareVerdictTones(): void {
  if (!hasWebAudio()) return;
  try {
    context ??= new window.AudioContext();
    for (const kind of Object.keys(TONES) as VerdictKind[]) bufferOf(context, kind);
  } catch {
    // Made at the first verdict instead, or never: the colour still says the verdict.
  }
}

/** Plays the verdict's tone; silent where the browser has no Web Audio or has not allowed it yet. */
export function playVerdictTone(kind: VerdictKind): void {
  if (!hasWebAudio()) return;
  try {
    context ??= new window.AudioContext();
    if (context.state === "suspended") void context.resume();
    const source = context.createBufferSource();
    source.buffer = bufferOf(context, kind);
    source.connect(context.destination);
    source.start();
  } catch {
    // No sound is no reason to lose a scan: the colour still says the verdict.
  }
}
