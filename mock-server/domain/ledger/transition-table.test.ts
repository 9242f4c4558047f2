// The transition table against the rules on the real contract: for each rule that moves a code, a
// code in every state the table does not let that move start from is refused by the rule itself
// (a 4xx answer in the operator's words, not the ledger's last guard), and nothing changes. The
// states come from the table, so a state taken out of it is a state every rule must then refuse.
// Past the rules, the ledger's append refuses every move the table does not have, on the engine
// under test (TEST_ENGINE=pg: PostgreSQL), and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { draftWaybill, logisticsStock, type Stock } from "../../test-fixtures/logistics-stock";
import { CodeStatus, type CodeStatusValue, type EventKind } from "./event-vocabulary";
import { ChainRefusal } from "../refusal";
import { observeEvent, recordContainedEvent, recordEvent, retractEvent, timeline } from "./ledger";
import type { LedgerEvent, ReturnEvent, UnpackEvent } from "./ledger-event";
import { allowsMove, fromStatesInto, RETRACTIONS, TRANSITIONS } from "./transition-table";

let chain: ChainApp;
let s: Stock;
let draft: { id: number };
/** An item code in each state. */
const item = {} as Record<CodeStatusValue, string>;

const must = async (url: string, body: unknown) => {
  const answer = await chain.post(url, body);
  if (answer.code !== 0) throw new Error(`setup refused: ${answer.message}`);
};

beforeAll(async () => {
  chain = await chainApp();
  s = await logisticsStock(chain);
  const toShip = await draftWaybill(chain, s, s.dealers[0]);
  for (const code of [s.I[8], s.I[9]]) await must("/api/physical/waybillcodes/add", { waybill_id: toShip.id, code });
  await must("/api/physical/waybills/ship", { id: toShip.id });
  await must("/api/physical/returns/add", {
    return_no: "RMA-T1",
    dealer_id: s.dealers[0],
    warehouse_id: s.warehouse,
    codes: s.I[9],
    reason: "包装破损",
  });
  const spare = await chain.generated("item", 1);
  await must("/api/tagging/codeorders/close", { id: spare.orderId });
  draft = await draftWaybill(chain, s, s.dealers[1]);
  Object.assign(item, {
    [CodeStatus.generated]: s.I[12],
    [CodeStatus.activated]: s.I[7],
    [CodeStatus.packed]: s.I[0],
    [CodeStatus.shipped]: s.I[8],
    [CodeStatus.returned]: s.I[9],
    [CodeStatus.voided]: spare.codes[0],
  });
  for (const [status, code] of Object.entries(item))
    expect((await chain.all(`SELECT status FROM trace_codes WHERE code = ?`, [code]))[0].status).toBe(status);
}, 120_000);
afterAll(() => chain.app.close());

interface RuleMove {
  readonly rule: string;
  readonly kind: EventKind;
  /** The state the rule moves the code into; absent: the code stays where it is. */
  readonly to?: CodeStatusValue;
  readonly call: (code: string) => Promise<{ status_code: number }>;
}

const RULE_MOVES: readonly RuleMove[] = [
  {
    rule: "activation",
    kind: "activate",
    to: CodeStatus.activated,
    call: (code) =>
      chain.post("/api/plant/codeactivations/add", {
        work_order_id: s.workOrderId,
        level: "item",
        first_code: code,
        last_code: code,
      }),
  },
  {
    rule: "packing (the child)",
    kind: "pack",
    to: CodeStatus.packed,
    call: (code) =>
      chain.post("/api/plant/packaginglinks/add", {
        parent_code: s.B[3],
        child_code: code,
        level: "box",
        order_id: s.workOrderId,
      }),
  },
  {
    rule: "unpacking at the plant",
    kind: "unpack",
    to: CodeStatus.activated,
    call: (code) => chain.post("/api/plant/packagingunlinks/add", { code, reason: "重组" }),
  },
  {
    rule: "replacement (the new label)",
    kind: "replace",
    to: CodeStatus.activated,
    call: (code) =>
      chain.post("/api/plant/packagingreplacements/add", { old_code: s.I[1], new_code: code, reason: "标签破损" }),
  },
  {
    rule: "adding to a waybill",
    kind: "ship",
    to: CodeStatus.shipped,
    call: (code) => chain.post("/api/physical/waybillcodes/add", { waybill_id: draft.id, code }),
  },
  {
    rule: "reducing a waybill",
    kind: "void_shipping",
    to: CodeStatus.activated,
    call: (code) => chain.post("/api/physical/waybillreductions/add", { code, reason: "少发" }),
  },
  {
    rule: "return",
    kind: "return",
    to: CodeStatus.returned,
    call: (code) =>
      chain.post("/api/physical/returns/add", {
        return_no: `RMA-X${code}`,
        dealer_id: s.dealers[0],
        warehouse_id: s.warehouse,
        codes: code,
        reason: "包装破损",
      }),
  },
  {
    rule: "freeing a return",
    kind: "restock",
    to: CodeStatus.activated,
    call: (code) => chain.post("/api/physical/returnunlinks/add", { code, reason: "复检合格" }),
  },
  {
    rule: "unpacking at the dealer",
    kind: "unpack",
    call: (code) => chain.post("/api/physical/dealerunpacks/add", { code, reason: "拆箱零售" }),
  },
];

describe("every rule refuses the states the transition table does not let its move start from", () => {
  for (const move of RULE_MOVES) {
    const allowed: readonly string[] = fromStatesInto(move.kind, move.to);
    const refused = Object.values(CodeStatus).filter((status) => !allowed.includes(status));
    it(`${move.rule} (${move.kind} from ${allowed.join(", ")}) refuses ${refused.join(", ")}`, async () => {
      expect(refused.length).toBeGreaterThan(0);
      for (const status of refused) {
        const before = await chain.snapshot();
        const answer = await move.call(item[status]);
        const wasRefused = answer.status_code >= 400 && answer.status_code < 500;
        expect({ status, answer: answer.status_code, wasRefused }).toMatchObject({ status, wasRefused: true });
        expect(await chain.snapshot()).toEqual(before);
      }
    });
  }
});

const unpacking = (code: string): UnpackEvent => ({
  kind: "unpack",
  codes: [code],
  parentCode: s.B[0],
  operator: "test",
});
const receipt = (code: string): ReturnEvent => ({
  kind: "return",
  codes: [code],
  reason: null,
  bizTransactions: [{ type: "rma", value: "RMA-T2" }],
  parties: [],
  bizLocation: null,
  operator: "test",
});

/** "written", "refused" (the chain's conflict), or the error it threw otherwise. */
const outcome = (append: Promise<number>) =>
  append.then(
    () => "written",
    (error: unknown) => (error instanceof ChainRefusal && error.reason === "conflict" ? "refused" : error),
  );

describe("the ledger's append refuses every move the transition table does not have, and writes nothing", () => {
  const statuses = Object.values(CodeStatus);
  const kinds = Object.keys(TRANSITIONS) as EventKind[];

  it("every kind, from every state, into every state or staying (an observation too): refused unless the table has the move", async () => {
    const ctx = chain.app.consoleContext;
    const before = await chain.snapshot();
    let refusals = 0;
    for (const kind of kinds)
      for (const to of [...statuses, undefined])
        for (const from of statuses) {
          if (allowsMove(kind, from, to)) continue;
          const state = to ? { status: to } : {};
          // Every kind, past its rule: none of its own fields, which the table's check does not read.
          const event = { kind, codes: [item[from]], operator: "test" } as LedgerEvent;
          const refused = await outcome(recordEvent(ctx, event, state));
          expect({ kind, from, to, refused }).toEqual({ kind, from, to, refused: "refused" });
          refusals += 1;
          // An observation leaves its codes where they are: the same check, the same refusal.
          if (to) continue;
          const observed = await outcome(observeEvent(ctx, event));
          expect({ kind, from, observed }).toEqual({ kind, from, observed: "refused" });
        }
    expect(refusals).toBeGreaterThan(kinds.length * statuses.length);
    expect(await chain.snapshot()).toEqual(before);
  });

  it("names the code, its state and the states the move starts from; an event moving a package's contents checks each", async () => {
    const ctx = chain.app.consoleContext;
    const before = await chain.snapshot();
    // Unpacking at the plant takes a packed code into stock: a shipped one is unpacked at the dealer.
    await expect(recordEvent(ctx, unpacking(item.shipped), { status: CodeStatus.activated })).rejects.toThrow(
      `unpack: ${item.shipped} is shipped, not packed`,
    );
    // Unpacking at the dealer leaves the code shipped: a packed one is in the plant.
    await expect(recordEvent(ctx, unpacking(item.packed), {})).rejects.toThrow(
      `unpack: ${item.packed} is packed, not shipped`,
    );
    // A return names the package; a code inside it that was never shipped refuses the whole event.
    await expect(
      recordContainedEvent(ctx, receipt(item.shipped), [
        { codes: [item.shipped, item.activated], state: { status: CodeStatus.returned } },
      ]),
    ).rejects.toThrow(`return: ${item.activated} is activated, not shipped`);
    expect(await chain.snapshot()).toEqual(before);
  });

  it("declares an event in error only with the moves the table's retraction of its kind has, else writes nothing", async () => {
    const ctx = chain.app.consoleContext;
    const before = await chain.snapshot();
    const events = await timeline(ctx, item.returned);
    const received = events.findLast((event) => event.kind === "return")!;
    const shipped = events.findLast((event) => event.kind === "ship")!;
    expect(RETRACTIONS.ship).toBeUndefined();
    const back = (code: string, status: CodeStatusValue) => [{ codes: [code], state: { status } }];
    // Taking back a return puts a returned code back to shipped, nothing else; a shipment is never taken back.
    const attempts = [
      () => retractEvent(ctx, received, "incorrect_data", "test", back(item.shipped, CodeStatus.shipped)),
      () => retractEvent(ctx, received, "incorrect_data", "test", back(item.returned, CodeStatus.activated)),
      () => retractEvent(ctx, shipped, "incorrect_data", "test", back(item.returned, CodeStatus.activated)),
    ];
    for (const attempt of attempts) expect(await outcome(attempt().then(() => 0))).toBe("refused");
    expect(await chain.snapshot()).toEqual(before);
  });
});
