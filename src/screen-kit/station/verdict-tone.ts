// A distinct sound per verdict, made with Web Audio (no files): a line worker hears the verdict
// without looking. One short high beep accepts, two rising tones close a unit, three finish the
// record (a waybill shipped), a low buzz refuses, two soft mid beeps keep a scan for later.
import type { VerdictKind } from "./station-state";

interface Tone {
  readonly frequency: number;
  readonly start: number;
  readonly duration: number;
}

export const TONES: Readonly<Record<VerdictKind, { readonly wave: OscillatorType; readonly tones: readonly Tone[] }>> =
  {
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

let context: AudioContext | undefined;

/** Plays the verdict's tone; silent where the browser has no Web Audio or has not allowed it yet. */
export function playVerdictTone(kind: VerdictKind): void {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return;
  try {
    context ??= new window.AudioContext();
    if (context.state === "suspended") void context.resume();
    const { wave, tones } = TONES[kind];
    const now = context.currentTime;
    for (const tone of tones) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.value = tone.frequency;
      gain.gain.setValueAtTime(0.2, now + tone.start);
      gain.gain.exponentialRampToValueAtTime(0.001, now + tone.start + tone.duration);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + tone.start);
      oscillator.stop(now + tone.start + tone.duration);
    }
  } catch {
    // No sound is no reason to lose a scan: the colour still says the verdict.
  }
}
