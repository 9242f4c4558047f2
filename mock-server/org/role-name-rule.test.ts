// spec §5: role names follow the shared input rule. On the real generated contract, as
// roles.yaml declares the rule (x-input-rule on role_name): a refusal names the field, gives the
// spec's exact message and leaves the roles as they were.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { call, envelope, login } from "../test-fixtures/test-app";

const MESSAGE = "role_name: 不能输入%!=/:;“’等特殊字符与中文";
let app: FastifyInstance;
let admin: string;
// The spec's message is the Chinese console's: the server answers it to a request in Chinese.
const post = (url: string, body: unknown) =>
  call(app, { method: "POST", url, body, token: admin, language: "zh-CN" }).then(envelope);
const roles = async () => await app.consoleContext.store.all(`SELECT * FROM "roles" ORDER BY id`);

beforeAll(async () => {
  app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedAnchor: "2024-06-01",
    clock: () => Date.parse("2024-06-01T10:00:00Z"),
  });
  admin = await login(app, "admin");
}, 60_000);
afterAll(() => app.close());

describe("role names (spec §5 input rule)", () => {
  const broken = [
    "销售经理",
    "sales role",
    "sales/role",
    "a%b",
    "x=y",
    "q:1",
    "semi;colon",
    "“quoted”",
    "it’s",
    "bang!",
  ];

  it.each(broken)("add %j: 400 with the exact message, no role added", async (name) => {
    const before = await roles();
    const body = await post("/api/org/roles/add", { role_name: name });
    expect(body).toMatchObject({
      status_code: 400,
      code: 40000,
      message: MESSAGE,
      errors: { role_name: "不能输入%!=/:;“’等特殊字符与中文" },
    });
    expect(await roles()).toEqual(before);
  });

  it("update: refused the same way; the role keeps its name", async () => {
    const role = (await post("/api/org/roles/add", { role_name: "qa_lead" })).data;
    const before = await roles();
    expect(await post("/api/org/roles/update", { id: role.id, role_name: "质检 主管" })).toMatchObject({
      status_code: 400,
      message: MESSAGE,
    });
    expect(await roles()).toEqual(before);
  });

  it("accepts the characters the rule allows", async () => {
    const body = await post("/api/org/roles/add", { role_name: "Ops-1_~`.@#$^&*()+￥" });
    expect(body.code, body.message).toBe(0);
  });
});
