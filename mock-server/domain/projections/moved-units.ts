// What an event moved, as a recursive CTE the projections share: the codes it names and,
// recursively, what each of them held at that moment — a child is inside a package at event E when
// the last pack/unpack naming it before E packed it there — so a package counts what it held when it
// moved, whatever was packed or unpacked since. Plain SQL (WITH RECURSIVE, correlated subqueries) a
// PostgreSQL backend can hold.
import { LINK_KINDS, type EventKind } from "../ledger/event-vocabulary";

export const kindList = (kinds: readonly string[]): string => kinds.map((kind) => `'${kind}'`).join(", ");

/**
 * `name (event_id, root, code, depth)`: one row per code an event of `kinds` moved; `root` the code the
 * event names that it moved with. `roots`, when given, is a condition on the anchor (`e` the event,
 * `ec` its named code) that keeps only some named codes as roots. Starts a `WITH RECURSIVE` list.
 */
export const movedCte = (name: string, kinds: readonly EventKind[], roots?: string): string => `
${name} (event_id, root, code, depth) AS (
  SELECT e.id, ec.code, ec.code, 0
  FROM _ledger_events e JOIN _ledger_event_codes ec ON ec.event_id = e.id
  WHERE e.kind IN (${kindList(kinds)})${roots ? ` AND ${roots}` : ""}
  UNION ALL
  SELECT m.event_id, m.root, lc.code, m.depth + 1
  FROM ${name} m
  JOIN _ledger_events l ON l.parent_code = m.code AND l.kind = 'pack' AND l.id < m.event_id
  JOIN _ledger_event_codes lc ON lc.event_id = l.id
  WHERE m.depth < 8
    AND NOT EXISTS (
      SELECT 1 FROM _ledger_event_codes nc JOIN _ledger_events n ON n.id = nc.event_id
      WHERE nc.code = lc.code AND n.kind IN (${kindList(LINK_KINDS)}) AND n.id > l.id AND n.id < m.event_id)
)`;
