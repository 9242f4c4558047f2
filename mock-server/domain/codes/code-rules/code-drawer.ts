// Draws codes by a shape, fast enough for a million: the rule is checked once, random characters
// come from a pooled CSPRNG buffer (node:crypto randomBytes, rejection sampling so every character
// is equally likely), and the sequence/serial advances by one per code drawn.
import { randomBytes } from "node:crypto";
import { checkCharacterOf } from "./check-characters";
import type { CodeShape } from "./rule-shape";
import { checkSchemeOf, composeCode, type CodeInputs } from "./segments";
import { sscc } from "./sscc";

/** Where a drawer's random characters come from. */
export interface Characters {
  /** `count` characters drawn uniformly from `alphabet`. */
  draw(alphabet: string, count: number): string;
}

export class CryptoCharacters implements Characters {
  private pool = Buffer.alloc(0);
  private offset = 0;

  /** `count` characters drawn uniformly from `alphabet` (at most 256 characters). */
  draw(alphabet: string, count: number): string {
    const limit = 256 - (256 % alphabet.length);
    let out = "";
    while (out.length < count) {
      if (this.offset >= this.pool.length) {
        this.pool = randomBytes(65536);
        this.offset = 0;
      }
      const value = this.pool[this.offset++];
      if (value < limit) out += alphabet[value % alphabet.length];
    }
    return out;
  }
}

export interface Drawer {
  /** The next candidate code (the sequence advances whether or not it is kept). */
  next(): string;
  /** The sequence number the next draw would use. */
  readonly sequence: number;
  /**
   * Moves the sequence forward to `sequence` if it is behind: another drawer on the same rule (a
   * job in another process) used the numbers between.
   */
  skipTo(sequence: number): void;
}

/** A drawer for `shape` starting at sequence `start`, printing `date` (YYYY-MM-DD) in date segments. */
export function drawerFor(
  shape: CodeShape,
  start: number,
  date: string,
  characters: Characters = new CryptoCharacters(),
): Drawer {
  let sequence = start;
  const skipTo = (next: number) => {
    sequence = Math.max(sequence, next);
  };
  if (shape.kind === "sscc")
    return {
      next: () => sscc(shape.rule, sequence++),
      get sequence() {
        return sequence;
      },
      skipTo,
    };
  const { rule, level } = shape;
  // composeCode checks the rule on every call; check it once, then compose without the check
  // character and add it here (same function, so the code is what composeCode would give).
  const withoutCheck = {
    ...rule,
    length: rule.length - (rule.segments.some((s) => s.kind === "check") ? 1 : 0),
    segments: rule.segments.filter((s) => s.kind !== "check"),
  };
  const hasCheck = withoutCheck.segments.length !== rule.segments.length;
  composeCode(rule, { level, sequence: 0, date, random: (alphabet, count) => characters.draw(alphabet, count) });
  const inputs = (n: number): CodeInputs => ({
    level,
    sequence: n,
    date,
    random: (alphabet, count) => characters.draw(alphabet, count),
  });
  return {
    next: () => {
      const body = composeCode(withoutCheck, inputs(sequence++));
      return hasCheck ? body + checkCharacterOf(checkSchemeOf(rule.charset), body) : body;
    },
    get sequence() {
      return sequence;
    },
    skipTo,
  };
}
