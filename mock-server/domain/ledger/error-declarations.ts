// EPCIS 2.0 error declarations (§7.4.1.4): an event recorded in error is retracted by declaring it,
// never by editing or deleting it. One row per declared event, append-only like the ledger itself;
// `reason` is the CBV error reason word (incorrect_data), the EPCIS export writes it as its URI.
// Everything that reads the ledger as what happened (state replays, reports, the export) treats a
// declared event as not having happened; a timeline still shows it, marked as declared in error.
// GS1's event hash leaves errorDeclaration out, so a declared event keeps its eventID.
import type { ChainContext } from "../chain-context";
import type { Store } from "../../db/store";

export const ERROR_DECLARATIONS = "_ledger_error_declarations";

/** CBV error reason: the event's data was wrong (a code received by mistake). */
export const INCORRECT_DATA = "incorrect_data";

// The key is declared apart from its column: an `INTEGER PRIMARY KEY` column would number itself on
// PostgreSQL (dialect.ts), and an event id is given, never drawn.
const DDL = `
CREATE TABLE IF NOT EXISTS ${ERROR_DECLARATIONS} (
  event_id INTEGER NOT NULL REFERENCES _ledger_events (id),
  declared_at TIMESTAMPTZ NOT NULL,
  reason TEXT NOT NULL,
  operator TEXT,
  PRIMARY KEY (event_id)
);
`;

export async function createErrorDeclarationTable(store: Store): Promise<void> {
  await store.exec(DDL);
  await store.exec(store.engine.dialect.appendOnly(ERROR_DECLARATIONS));
}

export interface ErrorDeclaration {
  readonly event_id: number;
  readonly declared_at: string;
  readonly reason: string;
  readonly operator: string | null;
}

/** Declares event `eventId` in error (the caller checks it may be, inside its transaction). */
export async function declareInError(
  ctx: ChainContext,
  eventId: number,
  reason: string,
  operator: string | null,
): Promise<void> {
  await ctx.store.run(
    `INSERT INTO ${ERROR_DECLARATIONS} (event_id, declared_at, reason, operator) VALUES (?, ?, ?, ?)`,
    [eventId, ctx.records.now(), reason, operator],
  );
}

export async function declarationOf(ctx: ChainContext, eventId: number): Promise<ErrorDeclaration | undefined> {
  return await ctx.store.get<ErrorDeclaration>(
    `SELECT event_id, declared_at, reason, operator FROM ${ERROR_DECLARATIONS} WHERE event_id = ?`,
    [eventId],
  );
}

/** Which of `eventIds` are declared in error. */
export async function declaredAmong(ctx: ChainContext, eventIds: readonly number[]): Promise<Set<number>> {
  const declared = new Set<number>();
  for (let start = 0; start < eventIds.length; start += 500) {
    const part = eventIds.slice(start, start + 500);
    for (const row of await ctx.store.all<{ event_id: number }>(
      `SELECT event_id FROM ${ERROR_DECLARATIONS} WHERE event_id IN (${part.map(() => "?").join(", ")})`,
      part,
    ))
      declared.add(Number(row.event_id));
  }
  return declared;
}

/** SQL: true when the event aliased `alias` is not declared in error (for a WHERE of a reader). */
export const notDeclared = (alias: string): string =>
  `NOT EXISTS (SELECT 1 FROM ${ERROR_DECLARATIONS} d WHERE d.event_id = ${alias}.id)`;
