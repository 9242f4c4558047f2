// The scanner's typed text, kept here and written into its input once a frame. A key the browser types
// into an input itself costs Chromium an editing command, a layout and a caret update: ~1 ms a key on
// a 2-core host, 20 ms of the 50 between a wedge scanner's codes at 20 codes/s, the page's main thread
// then too busy to draw the verdicts. So the scanner takes each printable key (its keydown prevented:
// no keypress, no input event, no editing) and shows what was typed at the next frame: a burst of a
// code's keys is one write, while a key typed by hand is on screen within a frame as before.
// The keys the browser edits with (Backspace, arrows, paste, an input method's) are left to it, the
// keys taken before them written first, but not for a modifier alone (a scanner presses Shift around
// each capital); text inserted without a key (an input method's commit, a character no key types, as
// a scanner's group separator may come) is taken behind the keys waiting.
// bench/README.md, "Packing station", has the measures.

/** The input's part this needs (an HTMLInputElement; a plain object in the unit tests). */
export interface TypedField {
  value: string;
  readonly selectionStart: number | null;
  readonly selectionEnd: number | null;
  setSelectionRange(start: number, end: number): void;
}

/** What of a keydown decides whether the scanner takes it. */
export interface TypedKey {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly isComposing: boolean;
}

export interface ScannerTyping {
  /** Takes a printable key (true: prevent its keydown) or leaves it to the browser (false). */
  take(key: TypedKey): boolean;
  /**
   * Text the browser is about to insert without a key of its own (an input method's commit, a
   * character no key types): behind keys not yet written, it is taken after them (true: prevent
   * the insertion), else left to the browser (false).
   */
  insert(text: string): boolean;
  /** The text as typed so far, the keys not yet written included. */
  text(): string;
  /** A key left to the browser: the keys taken are written first, unless it is a modifier alone. */
  pass(key: TypedKey): void;
  /** Writes the keys taken into the input now: before the browser edits the text. */
  flush(): void;
  /** Empties the input and forgets the keys not yet written. */
  clear(): void;
}

export interface FrameClock {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

const browserFrames: FrameClock = {
  request: (callback) => window.requestAnimationFrame(callback),
  cancel: (handle) => window.cancelAnimationFrame(handle),
};

/** A character a key types into the text: one character, no modifier but Shift, no input method. */
const typesCharacter = (key: TypedKey): boolean =>
  [...key.key].length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey && !key.isComposing;

/** Keys that edit nothing by themselves: pressed around a scanner's capitals, they write nothing. */
const MODIFIERS = new Set(["Shift", "Control", "Alt", "AltGraph", "Meta", "CapsLock"]);

/** `field`'s typing; `written` runs after each write into the input (the placeholder follows it). */
export function scannerTyping(
  field: TypedField,
  written: () => void,
  frames: FrameClock = browserFrames,
): ScannerTyping {
  /** The text and caret once the keys taken are written; undefined while the input holds all. */
  let pending: { value: string; caret: number } | undefined;
  let frame: number | undefined;

  const forget = () => {
    pending = undefined;
    if (frame !== undefined) frames.cancel(frame);
    frame = undefined;
  };

  const write = () => {
    if (!pending) return;
    const { value, caret } = pending;
    forget();
    field.value = value;
    field.setSelectionRange(caret, caret);
    written();
  };

  const keep = (text: string) => {
    const value = pending?.value ?? field.value;
    const start = pending?.caret ?? field.selectionStart ?? value.length;
    const end = pending?.caret ?? field.selectionEnd ?? value.length;
    pending = { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
    frame ??= frames.request(write);
  };

  return {
    take(key) {
      if (!typesCharacter(key)) return false;
      keep(key.key);
      return true;
    },
    insert(text) {
      if (!pending) return false;
      keep(text);
      return true;
    },
    text: () => pending?.value ?? field.value,
    pass(key) {
      if (!MODIFIERS.has(key.key)) write();
    },
    flush: write,
    clear() {
      forget();
      field.value = "";
      written();
    },
  };
}
