// Direct recounts of the ledger for tests: its raw rows read in TypeScript and counted the way the
// production reports count (domain/README.md, counting rules), so a report can be held to the ledger itself
// (the projection tests, and the seed's test that the seeded chain's reports agree).
export type Row = Record<string, unknown>;
export type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

/** The ledger read raw: events in order with their codes, and the codes' current state. */
export async function ledgerRead(all: Query) {
  const events = (await all(
    `SELECT id, kind, parent_code, work_order_id, event_time FROM _ledger_events ORDER BY id`,
  )) as {
    id: number;
    kind: string;
    parent_code: string | null;
    work_order_id: number | null;
    event_time: string;
  }[];
  const codesOf = new Map<number, string[]>();
  for (const row of await all(`SELECT event_id, code FROM _ledger_event_codes ORDER BY event_id, code`))
    codesOf.set(row.event_id as number, [...(codesOf.get(row.event_id as number) ?? []), row.code as string]);
  const codes = new Map(
    (await all(`SELECT code, code_type, product_id, work_order_id, replaced_by FROM trace_codes`)).map((row) => [
      row.code as string,
      row,
    ]),
  );
  const orders = new Map(
    (await all(`SELECT id, product_id, line_id, planned_qty FROM production_orders`)).map((row) => [
      row.id as number,
      row,
    ]),
  );
  const capacity = async (code: Row, holder: string) =>
    ((
      await all(
        `SELECT ratio FROM package_hierarchies WHERE product_id = ? AND level = ? AND child_level = (SELECT code_type FROM trace_codes WHERE parent_code = ? ORDER BY id LIMIT 1) ORDER BY id LIMIT 1`,
        [code.product_id, code.code_type, holder],
      )
    )[0]?.ratio ?? null) as number | null;
  const held = async (code: string) =>
    (await all(`SELECT COUNT(*) AS n FROM trace_codes WHERE parent_code = ?`, [code]))[0].n as number;
  return {
    events: events.map((event) => ({ ...event, codes: codesOf.get(event.id) ?? [] })),
    codes,
    orders,
    capacity,
    held,
  };
}

/** Output per day, product and line, counted directly: items once at activation, packages once at their first pack. */
export async function directSummary(all: Query): Promise<Row[]> {
  const { events, codes, orders, capacity, held } = await ledgerRead(all);
  const replacements = new Set(events.filter((e) => e.kind === "replace").flatMap((e) => e.codes));
  const counted = new Set<string>();
  const out = new Map<string, Row>();
  const add = async (code: string, event: (typeof events)[number]) => {
    const row = codes.get(code)!;
    const order = orders.get((event.work_order_id ?? row.work_order_id) as number);
    const day = event.event_time.slice(0, 10);
    const key = [day, row.product_id ?? order?.product_id ?? null, order?.line_id ?? null];
    const sums = out.get(JSON.stringify(key)) ?? {
      day: key[0],
      product_id: key[1],
      line_id: key[2],
      items: 0,
      boxes_full: 0,
      boxes_partial: 0,
      cases: 0,
      pallets: 0,
    };
    const type = row.code_type as string;
    if (type === "item") (sums.items as number)++;
    else if (type === "box") {
      const holder = (row.replaced_by as string | null) ?? code;
      const full = (await held(holder)) >= ((await capacity(row, holder)) ?? Infinity);
      (sums[full ? "boxes_full" : "boxes_partial"] as number)++;
    } else (sums[`${type}s`] as number)++;
    out.set(JSON.stringify(key), sums);
  };
  for (const event of events) {
    if (event.kind === "activate")
      for (const code of event.codes)
        if (codes.get(code)?.code_type === "item" && !counted.has(code)) {
          counted.add(code);
          await add(code, event);
        }
    const parent = event.parent_code;
    if (event.kind === "pack" && parent && !replacements.has(parent) && !counted.has(parent)) {
      counted.add(parent);
      await add(parent, event);
    }
  }
  return [...out.values()].sort((a, b) =>
    JSON.stringify([a.day, a.product_id, a.line_id]).localeCompare(JSON.stringify([b.day, b.product_id, b.line_id])),
  );
}

/** The levels the work-order statistics count codes of, each in its own column (`items_used`, …). */
export const CODE_LEVELS = [
  ["item", "items"],
  ["box", "boxes"],
  ["case", "cases"],
  ["pallet", "pallets"],
] as const;

/** Work-order statistics counted directly: per work order, planned, actual (distinct items activated), codes used and voided per level. */
export async function directWorkOrderStats(all: Query): Promise<Row[]> {
  const { events, codes, orders } = await ledgerRead(all);
  return [...orders.keys()]
    .sort((a, b) => a - b)
    .map((id) => {
      const mine = events.filter((e) => e.work_order_id === id);
      const distinct = (kinds: string[], level?: string) =>
        new Set(
          mine
            .filter((e) => kinds.includes(e.kind))
            .flatMap((e) => e.codes)
            .filter((code) => !level || codes.get(code)?.code_type === level),
        ).size;
      return {
        work_order_id: id,
        planned_qty: Number(orders.get(id)!.planned_qty ?? 0),
        actual_qty: distinct(["activate"], "item"),
        ...Object.fromEntries(
          CODE_LEVELS.flatMap(([level, column]) => [
            [`${column}_used`, distinct(["activate", "replace"], level)],
            [`${column}_voided`, distinct(["void"], level)],
          ]),
        ),
      };
    });
}
