// code_rules create and edit through the real calls: a rule that cannot make codes is refused with
// 400 naming what is wrong (the declared length and the segments' sum, both numbers), and nothing
// changes; an SSCC rule needs the enterprise's GS1 company prefix (validated 6–12 digits).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";

let chain: ChainApp;
const tables = () => ({
  rules: chain.all(`SELECT * FROM code_rules ORDER BY id`),
  enterprise: chain.all(`SELECT * FROM enterprise ORDER BY id`),
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
  const before = tables();
  const answer = await chain.post(url, body);
  expect(answer).toMatchObject({ status_code: status, data: null });
  expect(answer.message).toMatch(message);
  expect(tables()).toEqual(before);
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
