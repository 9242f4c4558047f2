// One verdict drawn per frame. The answers of scans sent together come at once; shown in the same
// frame, only the last would ever be seen (and heard over the others). Each waits for a frame no
// verdict was drawn in, so every answer is on screen at least once, in scanning order; a verdict
// that comes alone is drawn at once. A hidden page draws no frames: its verdicts are not held.
export type RequestFrame = (callback: () => void) => unknown;

export interface VerdictFrames {
  /** Resolves when the next verdict may be drawn; callers ask one after another. */
  readonly turn: () => Promise<void>;
}

export function verdictFrames(
  requestFrame: RequestFrame = (callback) => requestAnimationFrame(callback),
  hidden: () => boolean = () => document.hidden,
): VerdictFrames {
  let used = false;
  const nextFrame = () => new Promise<void>((resolve) => requestFrame(resolve));
  return {
    turn: async () => {
      while (used && !hidden()) await nextFrame();
      if (used) return;
      used = true;
      requestFrame(() => (used = false));
    },
  };
}
