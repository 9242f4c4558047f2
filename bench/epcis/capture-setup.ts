// What bench/epcis captures, made fresh on each run (a capture changes the ledger, so the cached
// database cannot hold it): a waybill of BENCH_CAPTURE_EVENTS new item codes (default 10,000)
// shipped to one dealer by the chain's own writer (one shipping event naming them all), a dealer
// account for that dealer, and two documents:
//   accepted: the dealer's receiving of the waybill, one ObjectEvent OBSERVE receiving a code with
//             the waybill's bol (the last one marks the waybill received);
//   refused:  as many receivings of codes the ledger shipped to another dealer, each refused.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../mock-server/context";
import { recordEvent } from "../../mock-server/domain/ledger/ledger";
import { CodeStatus } from "../../mock-server/domain/ledger/event-vocabulary";
import { knownCodeUris } from "../../mock-server/domain/epcis/event-facts";
import { privateUri } from "../../mock-server/domain/epcis/epcis-identifiers";
import { EPCIS_CONTEXT } from "../../mock-server/domain/epcis/epcis-namespace";
import { codeOf } from "../scan-codes";
import { dealerSession } from "./dealer-account";

export interface CaptureMaterial {
  readonly dealerToken: string;
  readonly waybillId: number;
  readonly accepted: unknown;
  readonly refused: unknown;
  readonly events: number;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

const documentOf = (events: readonly Record<string, unknown>[]) => ({
  "@context": [EPCIS_CONTEXT],
  type: "EPCISDocument",
  schemaVersion: "2.0",
  creationDate: iso(Date.now()),
  epcisBody: { eventList: events },
});

const receiving = (epc: string, eventTime: string, waybillNo?: string) => ({
  type: "ObjectEvent",
  eventTime,
  eventTimeZoneOffset: "+08:00",
  epcList: [epc],
  action: "OBSERVE",
  bizStep: "receiving",
  ...(waybillNo ? { bizTransactionList: [{ type: "bol", bizTransaction: privateUri("bol", waybillNo) }] } : {}),
});

async function urisOf(ctx: AppContext, codes: readonly string[]): Promise<string[]> {
  const uris = await knownCodeUris(ctx, codes);
  return codes.map((code) => uris.get(code)!);
}

export async function captureMaterial(
  app: FastifyInstance,
  admin: string,
  events: number,
  tag: string,
): Promise<CaptureMaterial> {
  const ctx = app.consoleContext;
  const store = ctx.store;
  // The dealer with the most shipped codes receives; the next one's codes make the refused document.
  const dealers = await store.all<{ dealer_id: number }>(
    `SELECT dealer_id FROM trace_codes WHERE status = ? AND dealer_id IS NOT NULL GROUP BY dealer_id ORDER BY COUNT(*) DESC, dealer_id LIMIT 2`,
    [CodeStatus.shipped],
  );
  if (dealers.length < 2) throw new Error("bench/epcis needs codes shipped to two dealers");
  const [dealer, other] = dealers.map((row) => Number(row.dealer_id));
  const template = await store.get<{ code: string; warehouse_id: number | null }>(
    `SELECT t.code AS code, w.warehouse_id AS warehouse_id FROM trace_codes t JOIN waybills w ON w.id = t.waybill_id
     WHERE t.status = ? AND t.dealer_id = ? AND t.code_type = 'item' ORDER BY t.code LIMIT 1`,
    [CodeStatus.shipped, dealer],
  );
  if (!template) throw new Error("bench/epcis: the dealer has no shipped item to copy");
  const dealerCode = (await store.get<{ code: string }>(`SELECT dealer_code AS code FROM dealers WHERE id = ?`, [
    dealer,
  ]))!.code;
  const now = Date.now();
  const made = iso(now - 2 * 24 * 3600 * 1000);
  const waybillNo = `BENCH-EPCIS-${tag}`;
  // Not a 32-bit xorshift seeded by the clock: its one cycle of 2³² states holds the ~45 million draws
  // of the cached ledger's 2.5 million codes (18 a code), so a run's 180,000 draws could run into
  // them and make a code the ledger holds (UNIQUE constraint failed: trace_codes.code, once here).
  // Math.random's state is 128 bits.
  const codes = Array.from({ length: events }, () => codeOf(Math.random));
  let waybillId = 0;
  await store.transaction(async () => {
    waybillId = await store.insert(
      `INSERT INTO waybills (waybill_no, dealer_id, warehouse_id, ship_date, item_count, box_count, case_count, pallet_count, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 0, 0, 0, 'draft', ?, ?)`,
      [waybillNo, dealer, template.warehouse_id, made.slice(0, 10), events, made, made],
    );
    for (let start = 0; start < codes.length; start += 500) {
      const part = codes.slice(start, start + 500);
      for (const code of part)
        await store.run(
          `INSERT INTO trace_codes (code, code_type, order_id, batch_id, product_id, batch_no, work_order_id, status, scan_count, created_at, updated_at)
           SELECT ?, code_type, order_id, batch_id, product_id, batch_no, work_order_id, ?, 0, ?, ? FROM trace_codes WHERE code = ?`,
          [code, CodeStatus.activated, made, made, template.code],
        );
      await store.run(
        `INSERT INTO waybill_codes (code, code_type, waybill_id, item_count, dealer_id, operator, scanned_at, created_at, updated_at)
         VALUES ${part.map(() => `(?, 'item', ?, 1, ?, 'bench', ?, ?, ?)`).join(", ")}`,
        part.flatMap((code) => [code, waybillId, dealer, made, made, made]),
      );
    }
    await recordEvent(
      ctx,
      {
        kind: "ship",
        codes,
        bizTransactions: [{ type: "bol", value: waybillNo }],
        parties: [{ direction: "destination", type: "owning_party", value: dealerCode }],
        bizLocation: null,
        eventTime: made,
        operator: "bench",
      },
      { status: CodeStatus.shipped, waybill_id: waybillId, dealer_id: dealer, shipped_at: made },
    );
    await store.run(`UPDATE waybills SET status = 'shipped', shipped_at = ? WHERE id = ?`, [made, waybillId]);
  });
  const othersCodes = (
    await store.all<{ code: string }>(
      `SELECT code FROM trace_codes WHERE dealer_id = ? AND status = ? ORDER BY code LIMIT ${events}`,
      [other, CodeStatus.shipped],
    )
  ).map((row) => row.code);
  if (othersCodes.length < events) throw new Error(`bench/epcis: only ${othersCodes.length} codes of another dealer`);
  const received = iso(now - 3600 * 1000);
  const accepted = documentOf((await urisOf(ctx, codes)).map((epc) => receiving(epc, received, waybillNo)));
  const refused = documentOf((await urisOf(ctx, othersCodes)).map((epc) => receiving(epc, received)));
  const dealerToken = await dealerSession(app, admin, `bench_dealer_${tag}`, dealer);
  return { dealerToken, waybillId, accepted, refused, events };
}

/** The waybill's status (the accepted capture's last receiving marks it received). */
export async function waybillStatus(ctx: AppContext, id: number): Promise<string | null> {
  const row = await ctx.store.get<{ status: string | null }>(`SELECT status FROM waybills WHERE id = ?`, [id]);
  return row?.status ?? null;
}
