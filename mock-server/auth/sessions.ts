// Sessions: random 32-byte tokens (only their SHA-256 is stored), an expiry, revocation by
// logout, and an idle timeout beside the absolute one, so a forgotten open console does not stay
// signed in. spec §8: an ended session answers 50014 (expired) or 50012 (invalid or revoked).
import { createHash, randomBytes } from "node:crypto";
import type { Store } from "../db/store";
import { sessionExpired, sessionInvalid } from "../refusals";
import { message } from "../../schema/contract/messages";

/** last_seen_at is written at most this often, so a busy session does not write on every call. */
const SEEN_GRANULARITY_MS = 60_000;
/** Live sessions kept in memory; past this many the map starts over. */
const KEPT_SESSIONS = 50_000;

const digest = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A live session's row, as read from _sessions. */
interface LiveSession {
  readonly hash: string;
  readonly accountId: number;
  readonly expiresAt: number;
  lastSeenAt: number;
}

/** What ends sessions, as other processes on the database hear it (db/change-feed.ts). */
const TOPIC = "_sessions";
const accountKey = (accountId: number) => `account:${accountId}`;
const tokenKey = (hash: string) => `token:${hash}`;

/**
 * Every signed-in call resolves its token, so a live session's row is kept in memory,
 * keyed by its token, after its first read. Whatever ends a session (logout, revocation, pruning)
 * goes through this class and forgets it first, so the next call reads the table again; expiry and
 * the idle timeout are checked on every call all the same. Another process on the same database
 * ends sessions through its own instance and announces it: this one forgets them when it hears,
 * and a call waits until everything committed before it began has been heard.
 */
export class Sessions {
  private readonly live = new Map<string, LiveSession>();
  /**
   * Moves whenever sessions end. A read of a row that overlaps an end (its SELECT may have run just
   * before the revocation's UPDATE) answers its call but keeps nothing, or a revoked session would
   * stay live in memory.
   */
  private ends = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
    private readonly ttlMs: number,
    private readonly idleMs: number,
  ) {
    store.onChange(TOPIC, (key) => this.forget(endedBy(key)));
    store.onReset(() => this.forget(() => true));
  }

  async create(accountId: number): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const now = this.clock();
    await this.store.run(
      "INSERT INTO _sessions (token_hash, account_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)",
      [digest(token), accountId, now, now + this.ttlMs, now],
    );
    return token;
  }

  /**
   * resolve()'s answer when memory alone gives it: the session is kept, live, within its idle
   * timeout and needs no last_seen_at write, and no other process shares the database (whose ends
   * of sessions resolve() first waits to hear). Undefined otherwise: resolve() then waits, reads,
   * writes or refuses.
   */
  keptAccount(token: string | undefined): number | undefined {
    if (!token || this.store.changes.shared) return undefined;
    const session = this.live.get(token);
    if (!session) return undefined;
    const now = this.clock();
    if (
      session.expiresAt <= now ||
      now - session.lastSeenAt >= SEEN_GRANULARITY_MS ||
      now - session.lastSeenAt >= this.idleMs
    )
      return undefined;
    return session.accountId;
  }

  /** The account of a live session; throws the spec's logout codes otherwise. */
  async resolve(token: string | undefined): Promise<number> {
    if (!token) throw sessionInvalid(message("common.sessionMissing"));
    if (token.length > 200) throw sessionInvalid();
    const waiting = this.store.caughtUp();
    if (waiting) await waiting;
    const kept = this.live.get(token);
    let session = kept ?? (await this.read(token));
    const now = this.clock();
    if (session.expiresAt <= now) throw sessionExpired();
    if (kept && now - session.lastSeenAt >= this.idleMs && this.store.changes.shared) {
      // Its later calls may have gone to another process, which wrote last_seen_at and not this memory.
      this.live.delete(token);
      session = await this.read(token);
    }
    if (now - session.lastSeenAt >= this.idleMs) throw sessionExpired(message("common.sessionIdle"));
    if (now - session.lastSeenAt >= SEEN_GRANULARITY_MS) {
      await this.store.run("UPDATE _sessions SET last_seen_at = ? WHERE token_hash = ?", [now, session.hash]);
      session.lastSeenAt = now;
    }
    return session.accountId;
  }

  /** The session's row, kept while it is live; throws if there is none or it was revoked. */
  private async read(token: string): Promise<LiveSession> {
    const ends = this.ends;
    const hash = digest(token);
    const row = await this.store.get<{
      account_id: number;
      expires_at: number;
      revoked_at: number | null;
      last_seen_at: number | null;
    }>("SELECT account_id, expires_at, revoked_at, last_seen_at FROM _sessions WHERE token_hash = ?", [hash]);
    if (!row || row.revoked_at !== null) throw sessionInvalid();
    let lastSeenAt = row.last_seen_at;
    if (lastSeenAt === null) {
      // Sessions from before the idle timeout have no last call yet: this one is it.
      lastSeenAt = this.clock();
      await this.store.run("UPDATE _sessions SET last_seen_at = ? WHERE token_hash = ?", [lastSeenAt, hash]);
    }
    const session: LiveSession = { hash, accountId: row.account_id, expiresAt: row.expires_at, lastSeenAt };
    if (this.ends !== ends) return session;
    if (this.live.size >= KEPT_SESSIONS) this.live.clear();
    this.live.set(token, session);
    return session;
  }

  async revoke(token: string): Promise<void> {
    this.forget((kept) => kept === token);
    await this.store.run("UPDATE _sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL", [
      this.clock(),
      digest(token),
    ]);
    this.forget((kept) => kept === token);
    await this.store.announce({ topic: TOPIC, key: tokenKey(digest(token)) });
  }

  /**
   * Ends every session of an account, except `keep` (the caller's own). In a transaction (an
   * account disabled, deleted, or its password changed) the sessions end with its commit: their
   * write is its last statement (runAtCommit), on PostgreSQL in the COMMIT's round trip, and they
   * are forgotten again once it has committed.
   */
  async revokeAccount(accountId: number, keep?: string): Promise<void> {
    const ended = (token: string, session: LiveSession) => session.accountId === accountId && token !== keep;
    this.forget(ended);
    await this.store.runAtCommit(
      "UPDATE _sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL AND token_hash <> ?",
      [this.clock(), accountId, keep ? digest(keep) : ""],
    );
    this.store.afterCommit(() => this.forget(ended));
    await this.store.announce({ topic: TOPIC, key: accountKey(accountId) });
  }

  /** Drop sessions that ended long ago, so the table does not grow forever. */
  async prune(): Promise<void> {
    this.forget(() => true);
    const cutoff = this.clock() - 7 * 24 * 3600 * 1000;
    await this.store.run("DELETE FROM _sessions WHERE expires_at < ? OR (revoked_at IS NOT NULL AND revoked_at < ?)", [
      cutoff,
      cutoff,
    ]);
    this.forget(() => true);
    await this.store.announce({ topic: TOPIC });
  }

  /**
   * Forgets the kept sessions that end, before the write that ends them and again after it: a call
   * resolved while the write runs may have read the row as it was before.
   */
  private forget(ends: (token: string, session: LiveSession) => boolean): void {
    this.ends += 1;
    for (const [token, session] of this.live) if (ends(token, session)) this.live.delete(token);
  }
}

/** Which kept sessions a change another process announced ends (the keep of revokeAccount is read again). */
function endedBy(key: string | undefined): (token: string, session: LiveSession) => boolean {
  if (key === undefined) return () => true;
  if (key.startsWith("account:")) {
    const accountId = Number(key.slice("account:".length));
    return (_token, session) => session.accountId === accountId;
  }
  const hash = key.slice("token:".length);
  return (_token, session) => session.hash === hash;
}
