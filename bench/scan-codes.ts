// The trace codes bench/scan-server.ts loads for bench/scan, the same on either engine: a fixed-seed
// generator makes BENCH_CODES codes of the demo's item rule with the states a market holds (mostly
// shipped to a dealer, some in stock, voided, returned, not activated), attributed to the lots and
// shipments the demo seed made, and picks the codes the bench will scan. The rows are handed to an
// engine's writer a chunk at a time; the writers (bench/scan-load-*.ts) bulk-load them.
import { checkCharacterOf } from "../mock-server/domain/codes/code-rules/check-characters";
import { CROCKFORD_BASE32, LEVEL_DIGITS } from "../mock-server/domain/codes/code-rules/segments";
import { CodeStatus } from "../mock-server/domain/ledger/event-vocabulary";
import type { Store } from "../mock-server/db/store";

/** A small fast generator with a fixed seed: the same codes on every run. */
export function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** A code of the demo's item rule (level + random:18 + check, Crockford base 32, ISO 7064 check). */
export function codeOf(random: () => number, level: "item" | "box" = "item"): string {
  let body = LEVEL_DIGITS[level];
  for (let i = 0; i < 18; i += 1) body += CROCKFORD_BASE32[Math.floor(random() * 32)];
  return body + checkCharacterOf("iso7064-mod37-36", body);
}

interface Lot {
  order_id: number | null;
  batch_id: number | null;
  product_id: number;
  batch_no: string | null;
  work_order_id: number | null;
}

/** The columns a code row fills, in the order of the rows handed to a writer. */
export const CODE_COLUMNS = [
  "code",
  "code_type",
  "order_id",
  "batch_id",
  "product_id",
  "batch_no",
  "parent_code",
  "work_order_id",
  "status",
  "void_reason",
  "scan_count",
  "first_scan_at",
  "waybill_id",
  "dealer_id",
  "shipped_at",
  "created_at",
  "updated_at",
] as const;

export type CodeRow = (string | number | null)[];

export interface Picks {
  readonly uniform: string[];
  readonly popular: string[];
  readonly few: string[];
}

/** Rows handed to a writer at a time. */
export const CHUNK = 200_000;

/**
 * Makes `count` code rows and hands them to `write` a chunk at a time; returns the picks, each
 * "code province": the province of the code's dealer (shipped codes), so that most of its scans come
 * from where it was sold and a few from elsewhere (the cross-region rule).
 */
export async function makeCodes(
  store: Store,
  count: number,
  made: string,
  write: (rows: CodeRow[]) => void | Promise<void>,
): Promise<Picks> {
  const lots = await store.all<Lot>(
    `SELECT DISTINCT order_id, batch_id, product_id, batch_no, work_order_id FROM trace_codes WHERE product_id IS NOT NULL
     ORDER BY product_id, order_id, batch_id, batch_no, work_order_id`,
  );
  // Shipments as the demo made them: a waybill and the dealer it went to (dealers with authorised regions first).
  const shipments = await store.all<{ waybill_id: number; dealer_id: number }>(
    `SELECT waybill_id, dealer_id FROM (SELECT DISTINCT t.waybill_id AS waybill_id, t.dealer_id AS dealer_id,
       (SELECT COUNT(*) FROM dealers_authorised_regions r WHERE r.owner_id = t.dealer_id) AS regions
     FROM trace_codes t WHERE t.waybill_id IS NOT NULL AND t.dealer_id IS NOT NULL) s
     ORDER BY regions DESC, waybill_id, dealer_id`,
  );
  if (!lots.length || !shipments.length)
    throw new Error("the demo seed has no lots or shipments to attribute codes to");
  const provinceOf = new Map<number, string>();
  for (const { dealer_id, region_code } of await store.all<{ dealer_id: number; region_code: string }>(
    `SELECT owner_id AS dealer_id, value AS region_code FROM dealers_authorised_regions ORDER BY owner_id, position`,
  ))
    if (!provinceOf.has(dealer_id)) provinceOf.set(dealer_id, region_code.slice(0, 2));
  const random = xorshift(20261125);
  const picks: Picks = { uniform: [], popular: [], few: [] };
  const pickEvery = Math.max(1, Math.floor(count / 400_000));
  const boxes: string[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const rows: CodeRow[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i += 1) {
      const lot = lots[i % lots.length];
      const draw = random();
      // One code in 200 is a box that items sit in; shipped boxes carry their items' attribution.
      const isBox = i % 200 === 0;
      const code = codeOf(random, isBox ? "box" : "item");
      const status =
        draw < 0.8
          ? CodeStatus.shipped
          : draw < 0.89
            ? CodeStatus.activated
            : draw < 0.92
              ? CodeStatus.packed
              : draw < 0.96
                ? CodeStatus.voided
                : draw < 0.98
                  ? CodeStatus.returned
                  : CodeStatus.generated;
      const shipment =
        status === CodeStatus.shipped || status === CodeStatus.returned ? shipments[i % shipments.length] : undefined;
      const inBox =
        !isBox && boxes.length > 0 && (status === CodeStatus.packed || (status === CodeStatus.shipped && draw < 0.1));
      rows.push([
        code,
        isBox ? "box" : "item",
        lot.order_id,
        lot.batch_id,
        lot.product_id,
        lot.batch_no,
        inBox ? boxes[i % boxes.length] : null,
        lot.work_order_id,
        status,
        status === CodeStatus.voided ? "bench: damaged label" : null,
        0,
        null,
        shipment?.waybill_id ?? null,
        shipment?.dealer_id ?? null,
        shipment ? made : null,
        made,
        made,
      ]);
      if (isBox) boxes.push(code);
      const pick = `${code} ${status === CodeStatus.shipped ? (provinceOf.get(shipment!.dealer_id) ?? "") : ""}`;
      if (i % pickEvery === 0) picks.uniform.push(pick);
      if (i % 5000 === 1) picks.popular.push(pick);
      if (i % 200 === 3) picks.few.push(pick);
    }
    await write(rows);
  }
  return picks;
}
