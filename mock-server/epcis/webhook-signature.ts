// How a delivery to a partner's webhook is signed (docs/decisions/0022): the header GS1-Signature
// carries "sha256=" and the lowercase hex HMAC-SHA256 of the body's exact bytes, keyed with the
// subscription's signatureToken. The partner recomputes it over the bytes it received and compares
// in constant time; a body changed on the way, or sent by someone without the secret, fails.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "GS1-Signature";

export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** True when `signature` is the body's signature with `secret` (what a partner's receiver checks). */
export function verifySignature(body: string, secret: string, signature: string | undefined): boolean {
  const expected = Buffer.from(signatureOf(body, secret));
  const given = Buffer.from(signature ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
