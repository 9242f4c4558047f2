// manifest ruleOwned on the real contract: the generic calls the chain's rules own answer 409 40903
// naming those rules and change nothing; what stays open still works; a guard decides per record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { call, envelope, login } from "../test-fixtures/test-app";

const NOW = "2024-06-01T10:00:00Z";
const TABLES = ["trace_codes", "packaging_links", "packaging_unlinks", "code_rules", "_ledger_events"];
let app: FastifyInstance;
let admin: string;
const post = async (url: string, body: unknown) =>
  envelope(await call(app, { method: "POST", url, body, token: admin }));
const all = (sql: string, params: unknown[] = []) =>
  app.consoleContext.store.all<Record<string, unknown>>(sql, params as never[]);
async function snapshot() {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const table of TABLES) tables[table] = await all(`SELECT * FROM "${table}" ORDER BY 1`);
  return tables;
}

/**
 * `call`: the generic call refused, which the refusal's parameters name beside the resource. The
 * call is made after the tables are read, so a write it wrongly made cannot hide in "before".
 */
async function expectOwned(make: () => ReturnType<typeof post>, message: string | RegExp, call?: string) {
  const before = await snapshot();
  const body = await make();
  expect(body).toMatchObject({ status_code: 409, code: 40903, data: null });
  expect(body.message).toMatch(message);
  if (call) expect((body as { params?: Record<string, unknown> }).params?.call).toBe(call);
  expect(await snapshot()).toEqual(before);
  return body;
}

beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedAnchor: "2024-06-01",
    seedScale: 0.2,
    clock: () => Date.parse(NOW),
    docs: false,
  });
  admin = await login(app, "admin");
}, 60_000);
afterAll(() => app.close());

describe("trace codes change only through the chain's rules", () => {
  const through =
    "code_orders.generate, code_activations.create, packaging_links.create, packaging_unlinks.create, packaging_replacements.create, code_orders.close";

  it("the generic add is refused, even of a code that looks freshly generated", async () => {
    const order = (await all(`SELECT id FROM code_orders LIMIT 1`))[0];
    await expectOwned(
      () =>
        post("/api/tagging/tracecodes/add", {
          code: "NEWCODE0001",
          code_type: "item",
          order_id: order.id,
          status: "generated",
        }),
      `trace_codes change only through ${through}`,
      "create",
    );
    await expectOwned(
      () =>
        post("/api/tagging/tracecodes/add", {
          code: "NEWCODE0002",
          code_type: "item",
          order_id: order.id,
          status: "activated",
        }),
      /^trace_codes change only through /,
      "create",
    );
  });

  it("the generic edit cannot set a status (or anything else), the generic delete cannot remove a code, packed or not", async () => {
    const packed = (await all(`SELECT id FROM trace_codes WHERE status = 'packed' LIMIT 1`))[0];
    await expectOwned(
      () => post("/api/tagging/tracecodes/update", { id: packed.id, status: "activated" }),
      `trace_codes change only through ${through}`,
      "update",
    );
    await expectOwned(
      () => post("/api/tagging/tracecodes/update", { id: packed.id, batch_no: "L1" }),
      /^trace_codes change only through /,
      "update",
    );
    await expectOwned(
      () => post("/api/tagging/tracecodes/delete", { id: packed.id }),
      `trace_codes change only through ${through}`,
      "delete",
    );
  });

  it("a missing record is still a 404, not a rule refusal", async () => {
    expect((await post("/api/tagging/tracecodes/delete", { id: 999999 })).code).toBe(40400);
  });
});

describe("packaging links and their logs", () => {
  it("a link leaves its package only by an unlink or a replacement; logs are never edited or deleted", async () => {
    const link = (await all(`SELECT id FROM packaging_links LIMIT 1`))[0];
    await expectOwned(
      () => post("/api/plant/packaginglinks/update", { id: link.id, level: "case" }),
      "packaging_links change only through packaging_unlinks.create, packaging_replacements.create",
      "update",
    );
    await expectOwned(
      () => post("/api/plant/packaginglinks/delete", { id: link.id }),
      /^packaging_links change only through /,
      "delete",
    );
    const packed = (await all(`SELECT child_code FROM packaging_links ORDER BY id DESC LIMIT 1`))[0];
    const log = (await post("/api/plant/packagingunlinks/add", { code: packed.child_code, reason: "返工" })).data;
    await expectOwned(
      () => post("/api/plant/packagingunlinks/update", { id: log.id, reason: "changed" }),
      "packaging_unlinks change only through packaging_unlinks.create",
      "update",
    );
    await expectOwned(
      () => post("/api/plant/packagingunlinks/delete", { id: log.id }),
      /^packaging_unlinks change only through /,
      "delete",
    );
  });
});

describe("code batches are written by their job only", () => {
  it("the generic add, edit and delete of a batch are refused and change nothing", async () => {
    const batch = (await all(`SELECT id, order_id FROM code_batches ORDER BY id LIMIT 1`))[0];
    const before = await all(`SELECT * FROM code_batches ORDER BY id`);
    await expectOwned(
      () => post("/api/tagging/codebatches/update", { id: batch.id, quantity: 999 }),
      "code_batches change only through code_orders.generate",
      "update",
    );
    await expectOwned(
      () => post("/api/tagging/codebatches/delete", { id: batch.id }),
      /^code_batches change only through /,
      "delete",
    );
    await expectOwned(
      () =>
        post("/api/tagging/codebatches/add", {
          batch_no: "FAKE-1",
          order_id: batch.order_id,
          code_type: "item",
          quantity: 5,
        }),
      /^code_batches change only through /,
      "create",
    );
    expect(await all(`SELECT * FROM code_batches ORDER BY id`)).toEqual(before);
  });
});

describe("a code rule that has issued codes keeps its shape (while: issued-codes)", () => {
  const rules = () =>
    all(`SELECT id, segments, length FROM code_rules WHERE id IN (SELECT rule_id FROM code_batches) ORDER BY id`);

  it("its shape fields are refused, naming the field and why; its name stays editable", async () => {
    const rule = (await rules())[0];
    const body = await expectOwned(
      () => post("/api/tagging/coderules/update", { id: rule.id, length: (rule.length as number) === 20 ? 21 : 20 }),
      /^length cannot change because it has issued codes \(\d+ generation batch(es)?\); code_rules change shape only through code_rules\.create$/,
    );
    expect(Object.keys(body.errors ?? {})).toEqual(["length"]);
    const renamed = await post("/api/tagging/coderules/update", {
      id: rule.id,
      rule_name: "改名的规则",
      length: rule.length,
    });
    expect(renamed).toMatchObject({ code: 0, data: { rule_name: "改名的规则", length: rule.length } });
  });

  it("a rule that has issued nothing can still be reshaped", async () => {
    const created = await post("/api/tagging/coderules/add", {
      rule_code: "R-NEW-1",
      rule_name: "新规则",
      code_type: "item",
      kind: "segments",
      length: 20,
      charset: "numeric",
      segments: "random:19 + check",
      status: "enabled",
    });
    expect(created.code).toBe(0);
    const segments = "fixed:A1 + level + random:20 + check";
    const reshaped = await post("/api/tagging/coderules/update", {
      id: created.data.id,
      length: 24,
      charset: "alphanumeric",
      segments,
    });
    // Sent as notation, stored and given back as one row per segment.
    expect(reshaped).toMatchObject({
      code: 0,
      data: {
        length: 24,
        segments: [
          { kind: "fixed", value: "A1" },
          { kind: "level" },
          { kind: "random", length: 20 },
          { kind: "check" },
        ],
      },
    });
  });
});

describe("at start-up", () => {
  it("an unknown guard stops the server", async () => {
    const broken = {
      ...contract,
      resources: contract.resources.map((resource) =>
        resource.name === "code_rules"
          ? { ...resource, ruleOwned: { ...resource.ruleOwned!, while: "issued-kodes" } }
          : resource,
      ),
    };
    await expect(buildApp({ contract: broken, dbFile: ":memory:", seed: false, docs: false })).rejects.toThrow(
      'code_rules.ruleOwned: unknown guard "issued-kodes"; list it in mock-server/domain/rule-owned.ts',
    );
  });
});
