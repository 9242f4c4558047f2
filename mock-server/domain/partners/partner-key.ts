// A partner client's API key: "tck_" and 32 random bytes in base64url, shown to the administrator
// once; what is kept is its SHA-256 (partner-keys-table.ts) and its first characters, the hint that
// tells keys apart in the console.
import { createHash, randomBytes } from "node:crypto";

const PREFIX = "tck_";
/** The prefix and the first six characters of the random part. */
const HINT_LENGTH = PREFIX.length + 6;

export interface IssuedKey {
  readonly key: string;
  readonly hash: string;
  readonly hint: string;
}

export const keyDigest = (key: string): string => createHash("sha256").update(key).digest("hex");

export function newPartnerKey(): IssuedKey {
  const key = PREFIX + randomBytes(32).toString("base64url");
  return { key, hash: keyDigest(key), hint: key.slice(0, HINT_LENGTH) };
}

/** Whether `text` can be a key at all: a longer or shorter text is refused before any read. */
export const looksLikeKey = (text: string): boolean => /^tck_[A-Za-z0-9_-]{43}$/.test(text);
