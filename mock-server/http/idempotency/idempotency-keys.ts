// The table of write keys (_idempotency_keys, db/system-tables.ts). A key is claimed by inserting its
// row inside the write's transaction; the unique (account, key) decides between two requests that
// carry the same key at once: on PostgreSQL the second insert waits for the first transaction and
// then finds its committed row (or, if it rolled back, takes the key itself); on SQLite transactions
// run one at a time. Never a read followed by an insert.
import type { Store } from "../../db/store";

/** Keys are kept this long; a retry later than that is a new request. */
export const KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface KeyClaim {
  readonly accountId: number;
  readonly key: string;
  /** "POST /api/…": a key names one call. */
  readonly route: string;
  /** request-hash.ts: a key names one body. */
  readonly requestHash: string;
}

/** The answer a key already holds. */
export interface StoredAnswer {
  readonly status: number;
  /** The answer's body as it was sent (JSON text). */
  readonly body: string;
}

export type ClaimOutcome =
  | { readonly kind: "claimed" }
  | { readonly kind: "replay"; readonly answer: StoredAnswer }
  /** The key was used for another call or another body. */
  | { readonly kind: "mismatch" }
  /** The key's row has no answer yet: its write has not committed (another process holds it). */
  | { readonly kind: "pending" };

interface KeyRow {
  route: string;
  request_hash: string;
  status: number | null;
  body: string | null;
}

export class IdempotencyKeys {
  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
  ) {}

  /** Call inside the write's transaction, before the write. */
  async claim(claim: KeyClaim): Promise<ClaimOutcome> {
    const inserted = await this.store.run(
      `INSERT INTO _idempotency_keys (account_id, idempotency_key, route, request_hash, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (account_id, idempotency_key) DO NOTHING`,
      [claim.accountId, claim.key, claim.route, claim.requestHash, this.clock()],
    );
    if (inserted.changes === 1) return { kind: "claimed" };
    const row = await this.store.get<KeyRow>(
      "SELECT route, request_hash, status, body FROM _idempotency_keys WHERE account_id = ? AND idempotency_key = ?",
      [claim.accountId, claim.key],
    );
    // Pruned between the two statements: the key is gone, and so is the guarantee; claim it again.
    if (!row) return await this.claim(claim);
    if (row.route !== claim.route || row.request_hash !== claim.requestHash) return { kind: "mismatch" };
    if (row.status === null || row.body === null) return { kind: "pending" };
    return { kind: "replay", answer: { status: row.status, body: row.body } };
  }

  /** Records the write's answer on its claimed key, in the same transaction. */
  async complete(accountId: number, key: string, answer: StoredAnswer): Promise<void> {
    await this.store.run(
      "UPDATE _idempotency_keys SET status = ?, body = ? WHERE account_id = ? AND idempotency_key = ?",
      [answer.status, answer.body, accountId, key],
    );
  }

  /** Drops keys older than KEY_LIFETIME_MS; answers how many. */
  async prune(): Promise<number> {
    const outcome = await this.store.run("DELETE FROM _idempotency_keys WHERE created_at < ?", [
      this.clock() - KEY_LIFETIME_MS,
    ]);
    return outcome.changes;
  }
}
