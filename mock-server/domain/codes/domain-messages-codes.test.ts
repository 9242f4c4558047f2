// The chain's refusals in the console's language: each carries its catalog key,
// its parameters (words such as a level or a row's reason nested as messages) and the field it is
// about, and `message` is rendered in the request's Accept-Language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { login } from "../../test-fixtures/test-app";

let chain: ChainApp;
let token: string;
let items: string[];
let boxes: string[];
let wo: { id: number; order_no: string };

async function ask(language: string, method: "GET" | "POST", url: string, body: Record<string, unknown>) {
  const response = await chain.app.inject({
    method,
    url,
    headers: { token, "accept-language": language },
    ...(method === "GET" ? { query: body as Record<string, string> } : { payload: body }),
  });
  return response.json();
}

const activate = (language: string, body: Record<string, unknown>) =>
  ask(language, "POST", "/api/plant/codeactivations/add", { work_order_id: wo.id, level: "item", ...body });

beforeAll(async () => {
  chain = await chainApp();
  token = await login(chain.app, "admin");
  items = (await chain.generated("item", 2)).codes;
  boxes = (await chain.generated("box", 1)).codes;
  wo = await chain.workOrder();
}, 60_000);
afterAll(() => chain.app.close());

describe("refusals of the codes area", () => {
  it("an unknown code names its field, in Chinese", async () => {
    const body = await activate("zh-CN,zh;q=0.9", { first_code: "NO-SUCH-CODE" });
    expect(body).toMatchObject({
      status_code: 400,
      key: "codes.unknownCode",
      params: { code: "NO-SUCH-CODE" },
      field: "first_code",
      message: "first_code: NO-SUCH-CODE 不是已知的追溯码",
      errors: { first_code: "NO-SUCH-CODE 不是已知的追溯码" },
    });
  });

  it("a code of the wrong level names both levels in the answer's words: Chinese, Japanese, English", async () => {
    const zh = await activate("zh", { first_code: boxes[0], level: "item" });
    expect(zh).toMatchObject({
      status_code: 400,
      key: "codes.codeTypeMismatch",
      field: "first_code",
      message: `first_code: ${boxes[0]} 是盒码，不是单品码`,
    });
    expect(zh.params).toEqual({
      code: boxes[0],
      actual: { key: "codes.aLevelCode.box" },
      wanted: { key: "codes.aLevelCode.item" },
    });
    expect((await activate("ja", { first_code: boxes[0], level: "item" })).message).toBe(
      `first_code: ${boxes[0]} は小箱コードであり、単品コードではありません`,
    );
    expect((await activate("en", { first_code: boxes[0], level: "item" })).message).toBe(
      `first_code: ${boxes[0]} is a box code, not an item code`,
    );
  });

  it("a code rule's problems are listed as nested messages", async () => {
    const body = await ask("zh", "POST", "/api/tagging/coderules/add", {
      rule_code: "MSG-R1",
      rule_name: "消息测试",
      code_type: "item",
      kind: "segments",
      length: 27,
      charset: "alphanumeric",
      segments: "level + random:18 + check",
      status: "enabled",
    });
    expect(body).toMatchObject({
      status_code: 400,
      key: "codes.badRule",
      message: "生码规则 MSG-R1：声明的码长为 27，但各段长度之和为 20",
      errors: { segments: "声明的码长为 27，但各段长度之和为 20" },
      error_keys: { segments: { key: "codes.problems" } },
    });
    expect(body.params.problems).toEqual([{ key: "codes.rule.lengthMismatch", params: { length: 27, sum: 20 } }]);
  });

  it("a refused import lists each row's reason in the answer's language: Chinese and Spanish", async () => {
    const content = Buffer.from(["码", "MSGX0001", "MSGX0001"].join("\n")).toString("base64");
    const order = (await chain.all(`SELECT order_id FROM trace_codes WHERE code = ?`, [items[0]]))[0].order_id;
    const request = { order_id: order, file_name: "codes.csv", content };
    const zh = await ask("zh", "POST", "/api/tagging/codebatches/import", request);
    const failedBatch = (zh.params as { batch: string }).batch;
    expect(zh).toMatchObject({
      status_code: 400,
      key: "codes.import.refused",
      message: `导入被拒绝，未写入任何码（已记为失败的码包 ${failedBatch}）：2 行中有 1 行有问题：第 3 行：码 MSGX0001 与第 2 行重复`,
      errors: { "row 3": "第 3 行：码 MSGX0001 与第 2 行重复" },
    });
    expect(zh.params.rows).toEqual([
      { key: "codes.import.rowRepeats", params: { row: 3, code: "MSGX0001", first: 2 } },
    ]);
    const es = await ask("es", "POST", "/api/tagging/codebatches/import", request);
    expect(es.message).toBe(
      `importación rechazada, no se escribió ningún código (registrada como lote fallido ${(es.params as { batch: string }).batch}): 1 de 2 filas tienen problemas: fila 3: el código MSGX0001 repite la fila 2`,
    );
  });

  it("a lookup of a code never issued is a 404 in Japanese", async () => {
    const body = await ask("ja", "GET", "/api/tagging/tracecodes/lookup", { code: "NOSUCH" });
    expect(body).toMatchObject({
      status_code: 404,
      key: "codes.noSuchCode",
      message: "そのようなコードはありません: NOSUCH は発行も取込もされていません",
    });
  });

  it("a rule-owned record names the rule calls and why, with the field's rule", async () => {
    // The rule of the items' code order, made by the fixture: one generation batch.
    const rule = (
      await chain.all(`SELECT o.rule_id FROM trace_codes t JOIN code_orders o ON o.id = t.order_id WHERE t.code = ?`, [
        items[0],
      ])
    )[0].rule_id;
    const body = await ask("zh", "POST", "/api/tagging/coderules/update", { id: rule, length: 21 });
    expect(body).toMatchObject({
      status_code: 409,
      key: "common.ruleOwnedFieldsBecause",
      message: "length 不能修改，因为 它已生码（1 个生码批次）；code_rules 的结构只能通过 code_rules.create 变更",
      errors: { length: "不能修改：它已生码（1 个生码批次）" },
    });
  });
});
