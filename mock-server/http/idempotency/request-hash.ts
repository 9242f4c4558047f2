// What identifies a request's body for its Idempotency-Key: SHA-256 of the body as parsed, with
// object keys in sorted order, so the same fields sent in another order are the same request.
import { createHash } from "node:crypto";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
}

export function requestHash(body: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(body ?? null)))
    .digest("base64url");
}
