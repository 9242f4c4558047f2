// The rules a partner's captured event meets before it enters the ledger, and its recording. Every
// code it names (an unpacking: the package and the children) must be shipped, to the partner's own
// dealer when a partner captures (the brand's staff: to any dealer), at or after its shipping time
// and not later than now; a bol it names must be the code's own waybill. A receiving or a sale is
// refused for a code already received, or sold, on its waybill: the ledger says it happened once.
// Recording appends one ledger event through the ledger's own writer (its operator the capturing
// account, the dealer as destination owning party and business location) and changes no code's
// status; a receiving names the waybills it received on, which the job marks received once every
// code they name has been received (waybill-received.ts).
// A refusal is a CaptureRefusal with its reason; the caller runs each event in a savepoint, so a
// refused event writes nothing. The codes are locked before they are read (decision 0018), once per
// event; the waybills and dealers they are on come from the job's lookups (capture-lookups.ts).
import { placeholders } from "../../../db/sql-params";
import { message } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { ChainRefusal } from "../../refusal";
import { statusWord } from "../../codes/code-words";
import { childrenOf, lockCodes } from "../../codes/code-lookup";
import { dealerNamed, type Dealer } from "../../logistics/dealers";
import { unpackAtDealer } from "../../logistics/dealer-unpack";
import { CodeStatus } from "../../ledger/event-vocabulary";
import { recordEvent } from "../../ledger/ledger";
import type { Party } from "../../ledger/ledger-event";
import type { Waybill } from "../../logistics/waybill-contents";
import type { Captor } from "./captor";
import type { CaptureLookups } from "./capture-lookups";
import { CaptureRefusal, type CapturedIntent } from "./captured-intent";

interface ShippedCode {
  readonly code: string;
  readonly status: string | null;
  readonly parent_code: string | null;
  readonly dealer_id: number | null;
  readonly waybill_id: number | null;
  readonly shipped_at: string | null;
}

const refuse = (...args: Parameters<typeof message>): never => {
  throw new CaptureRefusal(message(...args));
};

async function codeRows(ctx: ChainContext, codes: readonly string[]): Promise<Map<string, ShippedCode>> {
  const rows = await ctx.store.all<ShippedCode>(
    `SELECT "code" AS code, "status" AS status, "parent_code" AS parent_code, "dealer_id" AS dealer_id,
       "waybill_id" AS waybill_id, "shipped_at" AS shipped_at FROM "trace_codes" WHERE "code" IN (${placeholders(codes.length)})`,
    codes,
  );
  return new Map(rows.map((row) => [row.code, row]));
}

/** Whether a `kind` event on `waybillNo`'s bol already names `code`. */
async function happenedOn(ctx: ChainContext, kind: string, code: string, waybillNo: string): Promise<boolean> {
  return !!(await ctx.store.get(
    `SELECT 1 AS found FROM _ledger_event_codes c JOIN _ledger_events e ON e.id = c.event_id
     JOIN _ledger_biz_transactions b ON b.event_id = e.id
     WHERE c.code = ? AND e.kind = ? AND b.type = 'bol' AND b.value = ? LIMIT 1`,
    [code, kind, waybillNo],
  ));
}

/** What checkShipped read under the codes' lock: their rows, and the waybills and dealers they are on. */
interface Shipped {
  readonly rows: Map<string, ShippedCode>;
  readonly waybills: Map<number, Waybill>;
  readonly dealers: Map<number, Dealer>;
}

/** Each code shipped (to the partner's dealer), in time, on the waybill named. */
async function checkShipped(
  ctx: ChainContext,
  lookups: CaptureLookups,
  captor: Captor,
  intent: CapturedIntent,
  codes: readonly string[],
): Promise<Shipped> {
  // Two captures racing over one code (PostgreSQL) run one after the other: the second sees the first's event.
  await lockCodes(ctx, codes);
  const rows = await codeRows(ctx, codes);
  const waybills = new Map<number, Waybill>();
  const dealers = new Map<number, Dealer>();
  const now = ctx.records.now();
  if (intent.eventTime > now) refuse("epcisCapture.inFuture", { time: intent.eventTime });
  for (const code of codes) {
    const row = rows.get(code)!;
    if (row.status !== CodeStatus.shipped) refuse("epcisCapture.notShipped", { code, status: statusWord(row.status) });
    const dealerId = row.dealer_id === null ? null : Number(row.dealer_id);
    if (captor.dealer && dealerId !== captor.dealer.id)
      refuse("epcisCapture.notShippedTo", { code, dealer: dealerNamed(captor.dealer, captor.dealer.id) });
    const waybill = row.waybill_id === null ? undefined : await lookups.waybill(Number(row.waybill_id));
    if (waybill) {
      waybills.set(waybill.id, waybill);
      // An event naming bols says which waybills its codes came on: each code's must be among them.
      if (intent.waybillNos.length && !intent.waybillNos.includes(waybill.waybill_no))
        refuse("epcisCapture.wrongWaybill", { code, waybill: waybill.waybill_no, given: intent.waybillNos.join(", ") });
    }
    if (row.shipped_at && Date.parse(intent.eventTime) < Date.parse(row.shipped_at))
      refuse("epcisCapture.beforeShipping", { time: intent.eventTime, code, shipped: row.shipped_at });
    if (dealerId !== null && !dealers.has(dealerId)) {
      const dealer = await lookups.dealer(dealerId);
      if (dealer) dealers.set(dealerId, dealer);
    }
  }
  return { rows, waybills, dealers };
}

/** What recording a captured event did: its ledger id, and the waybills a receiving named (waybill-received.ts). */
export interface Recorded {
  readonly eventId: number;
  readonly receivedOn: readonly Waybill[];
}

/** Records a receiving or a sale (`kind`, the intent's). */
async function recordObserved(
  ctx: ChainContext,
  lookups: CaptureLookups,
  captor: Captor,
  intent: CapturedIntent,
  kind: "receive" | "retail_sell",
): Promise<Recorded> {
  const { rows, waybills, dealers } = await checkShipped(ctx, lookups, captor, intent, intent.codes);
  for (const code of intent.codes) {
    const waybill = waybills.get(Number(rows.get(code)!.waybill_id));
    if (!waybill) continue;
    if (await happenedOn(ctx, intent.kind, code, waybill.waybill_no))
      refuse(intent.kind === "receive" ? "epcisCapture.alreadyReceived" : "epcisCapture.alreadySold", {
        code,
        waybill: waybill.waybill_no,
      });
  }
  const parties: Party[] = [...dealers.values()].map((dealer) => ({
    direction: "destination",
    type: "owning_party",
    value: dealer.dealer_code,
  }));
  const only = dealers.size === 1 ? [...dealers.values()][0] : undefined;
  const id = await recordEvent(
    ctx,
    {
      kind,
      codes: intent.codes,
      bizTransactions: [...waybills.values()].map((waybill) => ({ type: "bol", value: waybill.waybill_no })),
      parties,
      bizLocation: only?.dealer_code ?? null,
      readPoint: intent.readPoint,
      eventTime: intent.eventTime,
      operator: captor.account,
    },
    {},
  );
  return { eventId: id, receivedOn: intent.kind === "receive" ? [...waybills.values()] : [] };
}

/** Records an unpacking at the dealer. */
async function recordUnpacked(
  ctx: ChainContext,
  lookups: CaptureLookups,
  captor: Captor,
  intent: CapturedIntent,
): Promise<Recorded> {
  const parent = intent.parent!;
  await lockCodes(ctx, [parent]);
  const held = (await childrenOf(ctx, parent)).map((row) => row.code);
  const children = intent.codes.length ? intent.codes : held;
  if (!children.length) throw new CaptureRefusal(message("codes.nothingToUnpack", { code: parent }));
  for (const child of children) if (!held.includes(child)) refuse("epcisCapture.notInParent", { code: child, parent });
  const { dealers } = await checkShipped(ctx, lookups, captor, intent, [parent, ...children]);
  const dealer = captor.dealer ?? [...dealers.values()][0];
  if (!dealer) throw new CaptureRefusal(message("epcisCapture.notShipped", { code: parent, status: statusWord(null) }));
  const id = await unpackAtDealer(ctx, {
    parent,
    codes: children,
    dealer,
    reason: null,
    operator: captor.account,
    eventTime: intent.eventTime,
  });
  return { eventId: id!, receivedOn: [] };
}

/** Checks `intent` and records it. A rule's own refusal is a CaptureRefusal too. */
export async function recordCaptured(
  ctx: ChainContext,
  lookups: CaptureLookups,
  captor: Captor,
  intent: CapturedIntent,
): Promise<Recorded> {
  try {
    return intent.kind === "unpack"
      ? await recordUnpacked(ctx, lookups, captor, intent)
      : await recordObserved(ctx, lookups, captor, intent, intent.kind);
  } catch (error) {
    // The ledger's last guard (a code not in a state the event may start from) says why in its own words.
    if (error instanceof ChainRefusal) throw new CaptureRefusal(error.text);
    throw error;
  }
}
