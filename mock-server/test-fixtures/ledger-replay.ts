// The ledger replayed in TypeScript against the codes' stored state, for the race tests: each code an
// event names takes the status its kind sets (and a pack or unpack its parent), in event order, and the
// result must be what trace_codes holds. Two racing writers that both got through leave a ledger that
// replays to something other than the stored state (or to a code in two packages).
import type { Query } from "./ledger-recount";

/** The status each kind leaves on the codes it names; kinds that leave it as it was are absent. */
const STATUS_AFTER: Readonly<Record<string, string>> = {
  issue: "generated",
  import: "generated",
  activate: "activated",
  replace: "activated",
  pack: "packed",
  unpack: "activated",
  void: "scrapped",
  ship: "shipped",
  return: "returned",
};

export interface ReplayMismatch {
  readonly code: string;
  readonly replayed: { status: string; parent: string | null };
  readonly stored: { status: unknown; parent: unknown };
}

/**
 * Which of `codes` have a replayed status or parent other than the stored one; empty when the ledger
 * and the state agree. Only the codes a race named: a shipment names a package, and the contents
 * it moves are not replayed here.
 */
export async function replayMismatches(all: Query, codes: readonly string[]): Promise<ReplayMismatch[]> {
  const rows = await all(
    `SELECT e.id AS id, e.kind AS kind, e.parent_code AS parent_code, c.code AS code
     FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id ORDER BY e.id, c.code`,
  );
  const replayed = new Map<string, { status: string; parent: string | null }>();
  for (const row of rows) {
    const code = row.code as string;
    const before = replayed.get(code);
    // A shipment undone puts the code back in stock: packed where it still has a package.
    const status =
      row.kind === "void_shipping" ? (before?.parent ? "packed" : "activated") : STATUS_AFTER[row.kind as string];
    if (status === undefined) continue;
    const parent =
      row.kind === "pack" ? (row.parent_code as string) : row.kind === "unpack" ? null : (before?.parent ?? null);
    replayed.set(code, { status, parent });
  }
  const stored = new Map(
    (await all(`SELECT code, status, parent_code FROM trace_codes`)).map((row) => [row.code as string, row]),
  );
  const mismatches: ReplayMismatch[] = [];
  for (const code of codes) {
    const state = replayed.get(code) ?? { status: "(no event)", parent: null };
    const row = stored.get(code);
    if (row?.status === state.status && (row?.parent_code ?? null) === state.parent) continue;
    mismatches.push({ code, replayed: state, stored: { status: row?.status, parent: row?.parent_code } });
  }
  return mismatches;
}
