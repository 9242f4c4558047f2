// Sessions: random 32-byte tokens (only their SHA-256 is stored), an expiry, revocation by
// logout, and an idle timeout beside the absolute one (issue 13). spec §8: an ended session answers 50014 (expired) or 50012 (invalid or revoked).
import { createHash, randomBytes } from "node:crypto";
import type { Store } from "../db/store";
import { sessionExpired, sessionInvalid } from "../errors";
import { message } from "../../schema/contract/messages";

/** last_seen_at is written at most this often, so a busy session does not write on every call. */
const SEEN_GRANULARITY_MS = 60_000;

const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

export class Sessions {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
    private readonly ttlMs: number,
    private readonly idleMs: number,
  ) {}

  create(accountId: number): string {
    const token = randomBytes(32).toString("base64url");
    const now = this.clock();
    this.store.run(
      "INSERT INTO _sessions (token_hash, account_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)",
      [digest(token), accountId, now, now + this.ttlMs, now],
    );
    return token;
  }

  /** The account of a live session; throws the spec's logout codes otherwise. */
  resolve(token: string | undefined): number {
    if (!token) throw sessionInvalid(message("common.sessionMissing"));
    if (token.length > 200) throw sessionInvalid();
    const hash = digest(token);
    const row = this.store.get<{ account_id: number; expires_at: number; revoked_at: number | null; last_seen_at: number | null }>(
      "SELECT account_id, expires_at, revoked_at, last_seen_at FROM _sessions WHERE token_hash = ?",
      [hash],
    );
    if (!row || row.revoked_at !== null) throw sessionInvalid();
    const now = this.clock();
    if (row.expires_at <= now) throw sessionExpired();
    const lastSeen = row.last_seen_at ?? now;
    if (now - lastSeen >= this.idleMs) throw sessionExpired(message("common.sessionIdle"));
    if (now - lastSeen >= SEEN_GRANULARITY_MS || row.last_seen_at === null)
      this.store.run("UPDATE _sessions SET last_seen_at = ? WHERE token_hash = ?", [now, hash]);
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
