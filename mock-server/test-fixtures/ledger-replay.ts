// The ledger replayed in TypeScript against the codes' stored state, for the race tests and the
// rules that retract an event: in event order, each code an event names takes the state the
// transition table gives its kind from the code's replayed state (a pack or unpack sets its parent),
// and so does everything inside it for the kinds whose rules move a package's contents; an event
// declared in error is left out, as every reader of what happened leaves it. The result must be what
// trace_codes holds. Two racing writers that both got through leave a ledger that replays to
// something other than the stored state (or to a code in two packages).
import { CodeStatus, type CodeStatusValue, type EventKind } from "../domain/ledger/event-vocabulary";
import { NEW_CODE, TRANSITIONS, type FromState } from "../domain/ledger/transition-table";
import type { Query } from "./ledger-recount";

/** Kinds whose rules move the named codes' contents with them (ledger.ts recordContainedEvent). */
const REACHES_CONTENTS: ReadonlySet<string> = new Set<EventKind>(["ship", "void_shipping", "return", "restock"]);

interface Replayed {
  status: string;
  parent: string | null;
}

export interface ReplayMismatch {
  readonly code: string;
  readonly replayed: Replayed;
  readonly stored: { status: unknown; parent: unknown };
}

/** The state `kind` leaves a code in from `before`; undefined when the table has no such move. */
function stateAfter(kind: EventKind, before: Replayed | undefined): string | undefined {
  const to: readonly CodeStatusValue[] | undefined = TRANSITIONS[kind][(before?.status ?? NEW_CODE) as FromState];
  if (!to?.length) return undefined;
  // Back in stock (a shipment undone, a return freed): packed where the code still has a package.
  if (to.length > 1) return before?.parent ? CodeStatus.packed : CodeStatus.activated;
  return to[0];
}

/** `codes` and everything inside them, by the replayed parents. */
function withContents(replayed: ReadonlyMap<string, Replayed>, codes: readonly string[]): string[] {
  const children = new Map<string, string[]>();
  for (const [code, state] of replayed)
    if (state.parent) children.set(state.parent, [...(children.get(state.parent) ?? []), code]);
  const out: string[] = [];
  const walk = (code: string) => {
    out.push(code);
    for (const child of children.get(code) ?? []) walk(child);
  };
  for (const code of codes) walk(code);
  return [...new Set(out)];
}

/**
 * Which of `codes` have a replayed status or parent other than the stored one; empty when the ledger
 * and the state agree.
 */
export async function replayMismatches(all: Query, codes: readonly string[]): Promise<ReplayMismatch[]> {
  const declared = new Set(
    (await all(`SELECT event_id FROM _ledger_error_declarations`)).map((row) => Number(row.event_id)),
  );
  const rows = await all(
    `SELECT e.id AS id, e.kind AS kind, e.parent_code AS parent_code, c.code AS code
     FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id ORDER BY e.id, c.code`,
  );
  const events = new Map<number, { kind: EventKind; parent: string | null; codes: string[] }>();
  for (const row of rows) {
    const id = Number(row.id);
    if (declared.has(id)) continue;
    const event = events.get(id) ?? {
      kind: row.kind as EventKind,
      parent: row.parent_code as string | null,
      codes: [],
    };
    event.codes.push(row.code as string);
    events.set(id, event);
  }
  const replayed = new Map<string, Replayed>();
  for (const event of events.values()) {
    const moved = REACHES_CONTENTS.has(event.kind) ? withContents(replayed, event.codes) : event.codes;
    for (const code of moved) {
      const before = replayed.get(code);
      const status = stateAfter(event.kind, before);
      if (status === undefined) continue;
      const parent = event.kind === "pack" ? event.parent : event.kind === "unpack" ? null : (before?.parent ?? null);
      replayed.set(code, { status, parent });
    }
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
