// Trace code values: unguessable (crypto random, at least 60 random bits whatever the rule's
// length), in the rule's character set; the default set is base32 without the ambiguous
// 0/O and 1/I. An optional check character catches typing errors on the scan page.
import { randomBytes } from "node:crypto";

export const BASE32 = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CHARSETS: Record<string, string> = { alphanumeric: BASE32, numeric: "0123456789", hex: "0123456789ABCDEF" };
export const MIN_RANDOM_BITS = 60;

export interface CodeRule {
  readonly prefix: string;
  /** Total length wanted, prefix and check character included. */
  readonly length: number;
  readonly charset: string;
  readonly checkDigit: boolean;
}

export const DEFAULT_RULE: CodeRule = { prefix: "", length: 20, charset: "alphanumeric", checkDigit: false };

export const alphabetOf = (rule: CodeRule): string => CHARSETS[rule.charset] ?? BASE32;

export function bodyLength(rule: CodeRule): number {
  const alphabet = alphabetOf(rule);
  const minimum = Math.ceil(MIN_RANDOM_BITS / Math.log2(alphabet.length));
  return Math.max(minimum, rule.length - rule.prefix.length - (rule.checkDigit ? 1 : 0));
}

/** Luhn for digits; a position-weighted sum for other sets. */
export function checkCharacter(body: string, alphabet: string): string {
  if (alphabet.length === 10) {
    let sum = 0;
    for (let index = 0; index < body.length; index += 1) {
      let digit = Number(body[body.length - 1 - index]);
      if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return String((10 - (sum % 10)) % 10);
  }
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) sum += (index + 1) * alphabet.indexOf(body[index]!);
  return alphabet[sum % alphabet.length]!;
}

/** Draws characters from a pooled crypto random buffer (fast for a million codes). */
export class CodeMaker {
  private pool = Buffer.alloc(0);
  private offset = 0;
  private readonly alphabet: Buffer;
  private readonly length: number;
  /** Bytes at or above it are dropped, so every character is equally likely. */
  private readonly limit: number;
  private readonly body: Buffer;

  constructor(private readonly rule: CodeRule) {
    this.alphabet = Buffer.from(alphabetOf(rule), "latin1");
    this.length = bodyLength(rule);
    this.limit = 256 - (256 % this.alphabet.length);
    this.body = Buffer.alloc(this.length);
  }

  next(): string {
    for (let filled = 0; filled < this.length; ) {
      if (this.offset >= this.pool.length) {
        this.pool = randomBytes(65536);
        this.offset = 0;
      }
      const value = this.pool[this.offset++]!;
      if (value < this.limit) this.body[filled++] = this.alphabet[value % this.alphabet.length]!;
    }
    const body = this.body.toString("latin1");
    return this.rule.prefix + body + (this.rule.checkDigit ? checkCharacter(body, alphabetOf(this.rule)) : "");
  }
}
