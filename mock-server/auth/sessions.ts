// Sessions: random 32-byte tokens (only their SHA-256 is stored), an expiry, revocation by
// logout. spec §8: an ended session answers 50014 (expired) or 50012 (invalid or revoked).
import { createHash, randomBytes } from "node:crypto";
import type { Store } from "../db/store";
import { sessionExpired, sessionInvalid } from "../errors";

const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

export class Sessions {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
    private readonly ttlMs: number,
  ) {}

  create(accountId: number): string {
    const token = randomBytes(32).toString("base64url");
    const now = this.clock();
    this.store.run("INSERT INTO _sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)", [
      digest(token),
      accountId,
      now,
      now + this.ttlMs,
    ]);
    return token;
  }

  /** The account of a live session; throws the spec's logout codes otherwise. */
  resolve(token: string | undefined): number {
    if (!token) throw sessionInvalid("Missing Token header, please log in");
    if (token.length > 200) throw sessionInvalid();
    const row = this.store.get<{ account_id: number; expires_at: number; revoked_at: number | null }>(
      "SELECT account_id, expires_at, revoked_at FROM _sessions WHERE token_hash = ?",
      [digest(token)],
    );
    if (!row || row.revoked_at !== null) throw sessionInvalid();
    if (row.expires_at <= this.clock()) throw sessionExpired();
    return row.account_id;
  }

  revoke(token: string): void {
    this.store.run("UPDATE _sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL", [this.clock(), digest(token)]);
  }

  /** Ends every session of an account, except `keep` (the caller's own). */
  revokeAccount(accountId: number, keep?: string): void {
    this.store.run(
      "UPDATE _sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL AND token_hash <> ?",
      [this.clock(), accountId, keep ? digest(keep) : ""],
    );
  }

  /** Drop sessions that ended long ago, so the table does not grow forever. */
  prune(): void {
    const cutoff = this.clock() - 7 * 24 * 3600 * 1000;
    this.store.run("DELETE FROM _sessions WHERE expires_at < ? OR (revoked_at IS NOT NULL AND revoked_at < ?)", [cutoff, cutoff]);
  }
}
