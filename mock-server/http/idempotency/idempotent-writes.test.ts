// Idempotency-Key on the station's calls, through inject() on the real contract: 码激活 (code_activations
// create, the activation station's scan) retried with its key applies once and answers the first
// answer again; the key's misuse, a repeat while the first runs and a failed first attempt each get
// their own answer; a call without a key behaves as it always did.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { login } from "../../test-fixtures/test-app";
import { timeline } from "../../domain/ledger/ledger";

const ACTIVATE = "/api/plant/codeactivations/add";

let chain: ChainApp;
let items: string[];
let workOrderId: number;
let token: string;
/** While set, every activation waits in its transaction for this (see "a repeat while the first runs"). */
let holdActivations: { entered: () => void; release: Promise<void> } | undefined;
/** While set, the next activation fails inside its transaction, as a fault would. */
let failNextActivation = false;

const activate = (code: string, key?: string, extra: Record<string, unknown> = {}, as = token) =>
  chain.app.inject({
    method: "POST",
    url: ACTIVATE,
    headers: { token: as, ...(key === undefined ? {} : { "idempotency-key": key }) },
    payload: { work_order_id: workOrderId, level: "item", first_code: code, ...extra },
  });
const activations = async (code: string) =>
  (await timeline(chain.app.consoleContext, code)).filter((event) => event.kind === "activate").length;
const keyRows = (key: string) =>
  chain.all("SELECT account_id, route, status FROM _idempotency_keys WHERE idempotency_key = ?", [key]);

beforeAll(async () => {
  chain = await chainApp();
  items = (await chain.generated("item", 12)).codes;
  workOrderId = (await chain.workOrder()).id;
  token = await login(chain.app, "admin");
  chain.app.consoleContext.hooks.add("code_activations", {
    afterCreate: async () => {
      if (failNextActivation) {
        failNextActivation = false;
        throw new Error("the disk filled up");
      }
      if (holdActivations) {
        holdActivations.entered();
        await holdActivations.release;
      }
    },
  });
}, 60_000);
afterAll(() => chain.app.close());

describe("a write with an Idempotency-Key", () => {
  it("retried with the same key and body: applied once, the first status and body answered again", async () => {
    const first = await activate(items[0], "scan-0001");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 0, data: { activated_count: 1 } });
    const second = await activate(items[0], "scan-0001");
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(await activations(items[0])).toBe(1);
    expect(await chain.all("SELECT COUNT(*) AS n FROM code_activations WHERE first_code = ?", [items[0]])).toEqual([
      { n: 1 },
    ]);
    expect(await keyRows("scan-0001")).toEqual([
      { account_id: expect.any(Number), route: `POST ${ACTIVATE}`, status: 200 },
    ]);
  });

  it("the same fields in another order are the same request", async () => {
    const first = await activate(items[1], "scan-0002");
    const reordered = await chain.app.inject({
      method: "POST",
      url: ACTIVATE,
      headers: { token, "idempotency-key": "scan-0002" },
      payload: { first_code: items[1], level: "item", work_order_id: workOrderId },
    });
    expect(reordered.body).toBe(first.body);
    expect(await activations(items[1])).toBe(1);
  });

  it("the same key with another body: 422, nothing applied", async () => {
    await activate(items[2], "scan-0003");
    const before = await chain.snapshot();
    const reused = await activate(items[3], "scan-0003");
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      status_code: 422,
      code: 42200,
      data: null,
      message: expect.stringContaining("scan-0003 was already used for a different request"),
    });
    expect(await chain.snapshot()).toEqual(before);
    expect(await activations(items[3])).toBe(0);
  });

  it("the same key and body on another call: 422, nothing applied", async () => {
    const brand = await chain.post("/api/base/brands/add", {
      brand_code: "BIDEM1",
      brand_name: "Idem",
      status: "enabled",
    });
    expect(brand.code).toBe(0);
    const remove = (url: string) =>
      chain.app.inject({
        method: "POST",
        url,
        headers: { token, "idempotency-key": "delete-1" },
        payload: { id: brand.data.id },
      });
    expect((await remove("/api/base/brands/delete")).statusCode).toBe(200);
    const before = await chain.all("SELECT COUNT(*) AS n FROM warehouses");
    const other = await remove("/api/base/warehouses/delete");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 42200 });
    expect(await chain.all("SELECT COUNT(*) AS n FROM warehouses")).toEqual(before);
  });

  it("a repeat while the first still runs: 425 with Retry-After, then the first's answer once it is done", async () => {
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((done) => (entered = done));
    holdActivations = { entered, release: new Promise<void>((done) => (release = done)) };
    try {
      const first = activate(items[5], "scan-0005");
      await inside;
      const repeat = await activate(items[5], "scan-0005");
      expect(repeat.statusCode).toBe(425);
      expect(repeat.headers["retry-after"]).toBe("1");
      expect(repeat.json()).toMatchObject({ status_code: 425, code: 42500, data: null });
      holdActivations = undefined;
      release();
      const answered = await first;
      expect(answered.statusCode).toBe(200);
      const after = await activate(items[5], "scan-0005");
      expect(after.body).toBe(answered.body);
    } finally {
      holdActivations = undefined;
      release();
    }
    expect(await activations(items[5])).toBe(1);
  });

  it("a first attempt that failed leaves no key: the retry is applied", async () => {
    failNextActivation = true;
    const failed = await activate(items[6], "scan-0006");
    expect(failed.statusCode).toBe(500);
    expect(await keyRows("scan-0006")).toEqual([]);
    expect(await activations(items[6])).toBe(0);
    const retried = await activate(items[6], "scan-0006");
    expect(retried.statusCode).toBe(200);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await activations(items[6])).toBe(1);
  });

  it("a refused first attempt leaves no key: the retry runs the rules again", async () => {
    await activate(items[7]);
    const refused = await activate(items[7], "scan-0007");
    expect(refused.statusCode).toBe(409);
    expect(await keyRows("scan-0007")).toEqual([]);
    const again = await activate(items[7], "scan-0007");
    expect(again.statusCode).toBe(409);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("keys are per account: another account's same key is its own", async () => {
    const editor = await login(chain.app, "editor");
    await activate(items[8], "scan-0008");
    const theirs = await activate(items[8], "scan-0008", {}, editor);
    // The editor may not activate: its own answer (403), not the admin's stored one.
    expect(theirs.statusCode).not.toBe(200);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
  });
});

describe("without an Idempotency-Key", () => {
  it("behaves as before: a second activation of the same code is refused as already activated", async () => {
    const first = await activate(items[9]);
    expect(first.statusCode).toBe(200);
    const second = await activate(items[9]);
    expect(second.statusCode).toBe(409);
    expect(await activations(items[9])).toBe(1);
    expect(
      await chain.all("SELECT COUNT(*) AS n FROM _idempotency_keys WHERE route = ? AND status IS NULL", [
        `POST ${ACTIVATE}`,
      ]),
    ).toEqual([{ n: 0 }]);
  });
});

describe("a malformed key", () => {
  it.each([
    ["empty", ""],
    ["65 characters", "k".repeat(65)],
    ["a space", "scan 1"],
    ["a dot", "scan.1"],
    ["not ASCII", "扫码-1"],
  ])("%s: 400 with the envelope, nothing applied", async (_name, key) => {
    const before = await chain.snapshot();
    const refused = await chain.app.inject({
      method: "POST",
      url: ACTIVATE,
      headers: {
        token,
        "idempotency-key": encodeURIComponent(key) === key ? key : Buffer.from(key).toString("latin1"),
      },
      payload: { work_order_id: workOrderId, level: "item", first_code: items[10] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      status_code: 400,
      code: 40000,
      data: null,
      message: "Idempotency-Key must be 1 to 64 letters, digits, - or _",
    });
    expect(await chain.snapshot()).toEqual(before);
  });

  it("64 characters of every allowed kind are a key", async () => {
    const key = `${"aZ09-_".repeat(10)}abcd`;
    expect(key).toHaveLength(64);
    expect((await activate(items[11], key)).statusCode).toBe(200);
    expect((await activate(items[11], key)).headers["idempotent-replayed"]).toBe("true");
  });
});

describe("pruning as writes come in", () => {
  it("a keyed write more than an hour after the last prune drops keys older than 7 days", async () => {
    await activate(items[10], "old-key");
    expect(await keyRows("old-key")).toHaveLength(1);
    chain.clock.now += 8 * 24 * 60 * 60 * 1000;
    // The session ended with the days that passed: sign in again.
    token = await login(chain.app, "admin");
    const brand = await chain.app.inject({
      method: "POST",
      url: "/api/base/brands/add",
      headers: { token, "idempotency-key": "new-key" },
      payload: { brand_code: "BIDEM2", brand_name: "Idem 2", status: "enabled" },
    });
    expect(brand.statusCode).toBe(200);
    expect(await keyRows("old-key")).toEqual([]);
    expect(await keyRows("new-key")).toHaveLength(1);
  });
});
