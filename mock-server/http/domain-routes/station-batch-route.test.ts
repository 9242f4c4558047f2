// A station's waiting scans sent together (POST /api/stations/batch) on the packing station's call:
// each runs as it would alone, in the order sent (the ledger's order too), each key applied once
// however often the batch or part of it is sent again, a refusal answered in its place without
// stopping the rest, a call the account may not make refused on its own, and a call still being
// applied stopping the batch there, so nothing overtakes it. Limits refuse the whole batch, which
// then applies nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { login } from "../../test-fixtures/test-app";
import { STATION_BATCH_MAX_CALLS } from "../../../schema/contract/station-batch-calls";
import { BODY_LIMIT } from "../../options";

const BATCH = "/api/stations/batch";
const PACK = "/api/plant/packaginglinks/add";

let chain: ChainApp;
let admin: string;
let editor: string;
let workOrderId: number;
let items: string[];
let boxes: string[];
/** While set, the next pack waits in its transaction for this (see "a call still being applied"). */
let holdPack: { entered: () => void; release: Promise<void> } | undefined;

interface Answer {
  key: string;
  status: number;
  body: { code: number; status_code: number; message: string; data: unknown; errors?: Record<string, string> };
}

const pack = (key: string, parent: string, child: string) => ({
  key,
  method: "POST",
  path: PACK,
  body: { order_id: workOrderId, level: "box", parent_code: parent, child_code: child },
});
const batch = (calls: unknown[], token = admin) =>
  chain.app.inject({ method: "POST", url: BATCH, headers: { token }, payload: { calls } });
const answersOf = async (calls: unknown[], token = admin): Promise<Answer[]> => {
  const response = await batch(calls, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Answer[] }>().data;
};
/** The items of `codes` the ledger holds pack events for, in the ledger's order. */
const packedInOrder = async (codes: readonly string[]) =>
  (
    await chain.all(
      `SELECT c.code FROM _ledger_events e JOIN _ledger_event_codes c ON c.event_id = e.id
        WHERE e.kind = 'pack' AND c.code IN (${codes.map(() => "?").join(",")}) ORDER BY e.id`,
      [...codes],
    )
  ).map((row) => row.code);
const boxOf = async (item: string) =>
  (await chain.all(`SELECT parent_code FROM trace_codes WHERE code = ?`, [item]))[0].parent_code;

beforeAll(async () => {
  chain = await chainApp();
  const wo = await chain.workOrder("in_progress");
  workOrderId = wo.id;
  items = (await chain.generated("item", 16)).codes;
  boxes = (await chain.generated("box", 6)).codes;
  const product = (await chain.all(`SELECT product_id FROM production_orders WHERE id = ?`, [wo.id]))[0].product_id;
  const hierarchy = { product_id: product, level: "box", child_level: "item", ratio: 3 };
  expect((await chain.post("/api/base/packagehierarchies/add", hierarchy)).code).toBe(0);
  const activate = (codes: string[], level: string) =>
    chain.post("/api/plant/codeactivations/add", {
      work_order_id: wo.id,
      level,
      first_code: codes[0],
      last_code: codes.at(-1),
    });
  expect((await activate(items, "item")).code).toBe(0);
  expect((await activate(boxes, "box")).code).toBe(0);
  admin = await login(chain.app, "admin");
  editor = await login(chain.app, "editor");
  chain.app.consoleContext.hooks.add("packaging_links", {
    afterCreate: async () => {
      if (!holdPack) return;
      holdPack.entered();
      await holdPack.release;
    },
  });
}, 60_000);
afterAll(() => chain.app.close());

describe("a station's calls sent together", () => {
  it("runs each in the order sent, each answered as it would be alone, and the ledger sees them in that order", async () => {
    const calls = [
      pack("b1-0", boxes[0], items[2]),
      pack("b1-1", boxes[0], items[0]),
      pack("b1-2", boxes[0], items[1]),
    ];
    const answers = await answersOf(calls);
    expect(answers.map((answer) => [answer.key, answer.status, answer.body.code])).toEqual([
      ["b1-0", 200, 0],
      ["b1-1", 200, 0],
      ["b1-2", 200, 0],
    ]);
    expect(await packedInOrder(items.slice(0, 3))).toEqual([items[2], items[0], items[1]]);
    expect(await boxOf(items[1])).toBe(boxes[0]);
  });

  it("answers a refused call in its place and runs the calls after it", async () => {
    const answers = await answersOf([
      pack("b2-0", boxes[1], items[3]),
      // Already in the first box: the refusal a single call of it gets.
      pack("b2-1", boxes[1], items[0]),
      pack("b2-2", boxes[1], items[4]),
    ]);
    const alone = await chain.post(PACK, pack("", boxes[1], items[0]).body);
    expect(answers.map((answer) => answer.status)).toEqual([200, alone.status_code, 200]);
    expect(alone.status_code).toBe(409);
    expect(answers[1].body).toEqual(alone);
    expect(await boxOf(items[0])).toBe(boxes[0]);
    expect(await packedInOrder([items[3], items[4]])).toEqual([items[3], items[4]]);
  });

  it("applies each key once when the batch, or part of it, is sent again", async () => {
    const calls = [pack("b3-0", boxes[2], items[5]), pack("b3-1", boxes[2], items[6])];
    const first = await answersOf(calls);
    expect(first.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await answersOf(calls)).toEqual(first);
    // The second scan's answer was lost: it goes again with one scanned after it.
    const again = await answersOf([calls[1], pack("b3-2", boxes[2], items[7])]);
    expect(again[0]).toEqual(first[1]);
    expect(again[1]).toMatchObject({ key: "b3-2", status: 200 });
    expect(await packedInOrder(items.slice(5, 8))).toEqual(items.slice(5, 8));
  });

  it("refuses, call by call, what the account may not call, and packs nothing for it", async () => {
    const answers = await answersOf([pack("b4-0", boxes[3], items[8]), pack("b4-1", boxes[3], items[9])], editor);
    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual([
      [403, 40300],
      [403, 40300],
    ]);
    expect(answers[0].body.message).toContain("packingstation_scan");
    expect(await packedInOrder([items[8], items[9]])).toEqual([]);
  });

  it("stops at a call still being applied: the calls after it are not run, and nothing overtakes it", async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    holdPack = { entered, release: new Promise<void>((resolve) => (release = resolve)) };
    const held = pack("b5-0", boxes[4], items[10]);
    const alone = chain.app.inject({
      method: "POST",
      url: PACK,
      headers: { token: admin, "idempotency-key": held.key },
      payload: held.body,
    });
    await inside;
    holdPack = undefined;
    const answers = await answersOf([held, pack("b5-1", boxes[4], items[11])]);
    release();
    expect((await alone).statusCode).toBe(200);
    expect(answers.map((answer) => [answer.key, answer.status])).toEqual([["b5-0", 425]]);
    expect(await packedInOrder([items[10], items[11]])).toEqual([items[10]]);
  });

  it("refuses a batch naming a call that takes no Idempotency-Key, and runs none of it", async () => {
    const response = await batch([
      pack("b6-0", boxes[5], items[12]),
      { key: "b6-1", method: "POST", path: "/api/sso/login", body: {} },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 40000 });
    expect(response.json<{ message: string }>().message).toContain("2");
    expect(response.json<{ message: string }>().message).toContain("/api/sso/login");
    expect(await packedInOrder([items[12]])).toEqual([]);
  });

  it(`refuses more than ${STATION_BATCH_MAX_CALLS} calls, and a body over the server's limit, with the error envelope`, async () => {
    const many = Array.from({ length: STATION_BATCH_MAX_CALLS + 1 }, (_, n) => pack(`b7-${n}`, boxes[5], items[12]));
    const tooMany = await batch(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 40000, errors: { calls: expect.stringContaining("100") } });
    const big = [
      { ...pack("b7-big", boxes[5], items[12]), body: { ...pack("", "", "").body, note: "x".repeat(BODY_LIMIT) } },
    ];
    const tooBig = await batch(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: expect.any(Number), status_code: 413 });
    const empty = await batch([]);
    expect(empty.statusCode).toBe(400);
    expect(await packedInOrder([items[12]])).toEqual([]);
  });

  it("is a session's call: without a token it is refused whole", async () => {
    const response = await chain.app.inject({
      method: "POST",
      url: BATCH,
      payload: { calls: [pack("b8", boxes[5], items[13])] },
    });
    expect(response.statusCode).toBe(403);
    expect(await packedInOrder([items[13]])).toEqual([]);
  });
});
