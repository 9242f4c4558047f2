// code_rules create and edit through the real calls: a rule that cannot make codes is refused with
// 400 naming what is wrong (the declared length and the segments' sum, both numbers), and nothing
// changes; an SSCC rule needs the enterprise's GS1 company prefix (validated 6–12 digits).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { migrateSegmentNotation } from "./code-rules/segment-migration";

let chain: ChainApp;
const tables = async () => ({
  rules: await chain.all(`SELECT * FROM code_rules ORDER BY id`),
  enterprise: await chain.all(`SELECT * FROM enterprise ORDER BY id`),
});
const rule = (extra: Record<string, unknown>) => ({
  rule_code: `CR-${Math.random().toString(36).slice(2, 8)}`,
  rule_name: "测试",
  code_type: "item",
  kind: "segments",
  length: 20,
  charset: "alphanumeric",
  segments: "level + random:18 + check",
  status: "enabled",
  ...extra,
});

async function expectRefused(url: string, body: unknown, status: number, message: string | RegExp) {
  const before = await tables();
  const answer = await chain.post(url, body);
  expect(answer).toMatchObject({ status_code: status, data: null });
  expect(answer.message).toMatch(message);
  expect(await tables()).toEqual(before);
}

beforeAll(async () => {
  chain = await chainApp();
}, 60_000);
afterAll(() => chain.app.close());

describe("code rule shape", () => {
  it("a declared length other than the segments' sum is refused naming both numbers", async () => {
    await expectRefused(
      "/api/tagging/coderules/add",
      rule({ length: 27 }),
      400,
      /^code rule CR-\w+: the declared length is 27 but the segments add up to 20$/,
    );
  });

  it("too few random bits, an unknown segment and a misplaced check are refused, each named", async () => {
    await expectRefused(
      "/api/tagging/coderules/add",
      rule({ length: 12, segments: "level + random:10 + check" }),
      400,
      /50 bits per code; at least 60 are needed/,
    );
    await expectRefused(
      "/api/tagging/coderules/add",
      rule({ segments: "level + serial:18 + check" }),
      400,
      /segment 2 \("serial:18"\): unknown segment/,
    );
    await expectRefused(
      "/api/tagging/coderules/add",
      rule({ segments: "check + random:18 + level" }),
      400,
      /the check character must be the last segment/,
    );
  });

  it("an edit of a rule that has issued nothing is checked the same way and leaves the rule as it was", async () => {
    const created = await chain.post("/api/tagging/coderules/add", rule({}));
    expect(created.code).toBe(0);
    await expectRefused(
      "/api/tagging/coderules/update",
      { id: created.data.id, length: 21 },
      400,
      /the declared length is 21 but the segments add up to 20/,
    );
  });

  it("an SSCC rule: pallet, 18 digits, the enterprise's GS1 company prefix", async () => {
    const sscc: Record<string, unknown> = rule({
      code_type: "pallet",
      kind: "sscc",
      length: 18,
      charset: "numeric",
      extension_digit: "1",
    });
    delete sscc.segments;
    await expectRefused(
      "/api/tagging/coderules/add",
      { ...sscc, length: 20 },
      400,
      /the declared length is 20 but an SSCC is exactly 18 digits/,
    );
    await expectRefused(
      "/api/tagging/coderules/add",
      { ...sscc, code_type: "box" },
      400,
      /an SSCC rule is for pallet codes \(code type is box\)/,
    );
    expect((await chain.post("/api/tagging/coderules/add", sscc)).code).toBe(0);
  });

  it("the enterprise's GS1 company prefix must be 6 to 12 digits", async () => {
    await expectRefused(
      "/api/org/enterpriseaccount/updateicp",
      { gs1_company_prefix: "12345" },
      400,
      /gs1_company_prefix/,
    );
    await expectRefused(
      "/api/org/enterpriseaccount/updateicp",
      { gs1_company_prefix: "1234567890123" },
      400,
      /gs1_company_prefix/,
    );
    expect((await chain.post("/api/org/enterpriseaccount/updateicp", { gs1_company_prefix: "690123456" })).code).toBe(
      0,
    );
  });
});

describe("segments as rows", () => {
  const level = { kind: "level" };
  const check = { kind: "check" };
  it.each([
    ["level + random:10 + check", [level, { kind: "random", length: 10 }, check], { length: 12 }],
    ["level + random:0 + check", [level, { kind: "random", length: 0 }, check], {}],
    ["fixed + random:18 + check", [{ kind: "fixed" }, { kind: "random", length: 18 }, check], {}],
    ["date:DDMMYY + random:13 + check", [{ kind: "date", value: "DDMMYY" }, { kind: "random", length: 13 }, check], {}],
    ["check + random:18 + level", [check, { kind: "random", length: 18 }, level], {}],
    ["level:1 + random:18 + check", [{ kind: "level", length: 1 }, { kind: "random", length: 18 }, check], {}],
  ])("rows give the refusal %j gives", async (notation, rows, extra) => {
    const asNotation = await chain.post(
      "/api/tagging/coderules/add",
      rule({ rule_code: "CR-SAME", segments: notation, ...extra }),
    );
    const asRows = await chain.post(
      "/api/tagging/coderules/add",
      rule({ rule_code: "CR-SAME", segments: rows, ...extra }),
    );
    expect(asNotation).toMatchObject({ status_code: 400, data: null });
    expect(asRows).toEqual(asNotation);
  });

  it("text too long to be a notation is refused by the field's schema, without being read or repeated", async () => {
    const answer = await chain.post("/api/tagging/coderules/add", rule({ segments: "level".repeat(200_000) }));
    expect(answer).toMatchObject({ status_code: 400, data: null });
    expect(answer.message.length).toBeLessThan(300);
  });

  it("a rule is stored and given back as rows, whether sent as rows or as notation", async () => {
    const rows = [{ kind: "fixed", value: "TR" }, level, { kind: "random", length: 17 }, check];
    const sent = await chain.post("/api/tagging/coderules/add", rule({ length: 21, segments: rows }));
    expect(sent).toMatchObject({ code: 0, data: { segments: rows } });
    const imported = await chain.post(
      "/api/tagging/coderules/add",
      rule({ length: 21, segments: "fixed:TR + level + random:17 + check" }),
    );
    expect(imported).toMatchObject({ code: 0, data: { segments: rows } });
    const stored = (await chain.all(`SELECT segments FROM code_rules WHERE id = ?`, [imported.data.id]))[0]
      .segments as string;
    expect(JSON.parse(stored)).toEqual(rows);
  });

  it("a row's fields are checked by the field's schema: an unknown kind or key is refused", async () => {
    const unknownKind = await chain.post(
      "/api/tagging/coderules/add",
      rule({ segments: [{ kind: "serial", length: 4 }] }),
    );
    expect(unknownKind).toMatchObject({ status_code: 400, data: null });
    expect(unknownKind.message).toMatch(/segments/);
    const unknownKey = await chain.post(
      "/api/tagging/coderules/add",
      rule({ segments: [{ kind: "level", width: 1 }] }),
    );
    expect(unknownKey).toMatchObject({ status_code: 400, data: null });
  });

  it("a rule stored as notation still makes codes and is read as rows once the server starts", async () => {
    const created = await chain.post("/api/tagging/coderules/add", rule({}));
    const ctx = chain.app.consoleContext;
    // A JSONB column keeps a notation as a JSON string (db/retype-columns.ts), SQLite's TEXT as it is.
    const notation = "level + random:18 + check";
    await ctx.store.run(`UPDATE code_rules SET segments = ? WHERE id = ?`, [
      ctx.store.engineName === "postgres" ? JSON.stringify(notation) : notation,
      created.data.id,
    ]);
    const order = await chain.post("/api/tagging/codeorders/add", {
      order_no: `CR-OLD-${created.data.id}`,
      rule_id: created.data.id,
      quantity: 2,
    });
    expect((await chain.post("/api/tagging/codeorders/generate", { id: order.data.id })).code).toBe(0);
    expect(await migrateSegmentNotation(ctx)).toBe(1);
    const read = await chain.get("/api/tagging/coderules/detail", { id: String(created.data.id) });
    expect(read.data.segments).toEqual([level, { kind: "random", length: 18 }, check]);
  });
});
