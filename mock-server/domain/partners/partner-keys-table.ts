// The API keys of partner clients (server-owned, so "_"-named): one live key per client, kept as the
// SHA-256 of the key and never the key itself. A 32-byte random key needs no slow hash (as a
// password does): guessing one is 2^256 work, so its digest is also its lookup key, and a call is
// admitted by one primary-key read. Issuing a key replaces the row, revoking deletes it.
import type { Store } from "../../db/store";

export const PARTNER_KEYS = "_partner_keys";

const DDL = `
CREATE TABLE IF NOT EXISTS ${PARTNER_KEYS} (
  key_hash TEXT PRIMARY KEY,
  client_id INTEGER NOT NULL,
  issued_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS ${PARTNER_KEYS}_client ON ${PARTNER_KEYS} (client_id);
`;

export async function createPartnerKeysTable(store: Store): Promise<void> {
  await store.exec(DDL);
}
