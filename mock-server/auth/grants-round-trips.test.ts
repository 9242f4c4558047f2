// A signed-in call reads its account's grants again only when a table they come from was written:
// a create or an edit of another account leaves them kept (on PostgreSQL each was five statements
// on the next call of every signed-in account), an edit of the account itself does not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, login } from "../test-fixtures/test-app";
import { chainApp } from "../test-fixtures/chain-app";
import { countStatements } from "../test-fixtures/statement-count";
import { testEngine } from "../test-fixtures/test-database";

let app: FastifyInstance;
let token: string;
let departId: number;
let serial = 0;

const list = () => call(app, { url: "/api/org/employees/pagelist", token, query: { page: "1", size: "5" } });
const create = () =>
  call(app, {
    method: "POST",
    url: "/api/org/employees/add",
    token,
    body: {
      account_name: `grants_${++serial}`,
      real_name: "x",
      account_type: "factory",
      depart_id: departId,
      status: "enabled",
    },
  });
const grantReads = (statements: readonly string[]) => statements.filter((sql) => sql.includes("_role_menus")).length;

describe.runIf(testEngine() === "postgres")("grants kept across writes of other accounts", () => {
  beforeAll(async () => {
    ({ app } = await chainApp());
    token = await login(app, "admin");
    departId = (await app.consoleContext.store.get<{ id: number }>(`SELECT id FROM departments ORDER BY id LIMIT 1`))!
      .id;
    expect(envelope(await list()).code).toBe(0);
  }, 60_000);
  afterAll(() => app.close());

  it("a create of another account does not make the next call read the grants again", async () => {
    const made = envelope(await create());
    expect(made.code, made.message).toBe(0);
    const counted = await countStatements(list);
    expect(envelope(counted.result).code).toBe(0);
    expect(grantReads(counted.statements)).toBe(0);
  });

  // The change feed's barrier, the actor's name, BEGIN with the reference check, the INSERT, the
  // kept total's question about the new row, the initial password, the password-change duty, the
  // NOTIFY with the COMMIT, and the record read back: 9, where 13 were.
  it("a create answers in at most 9 round trips", async () => {
    const counted = await countStatements(create);
    expect(envelope(counted.result).code).toBe(0);
    expect(counted.roundTrips, counted.statements.join("\n")).toBeLessThanOrEqual(9);
  });

  it("an edit of the signed-in account itself does read them again", async () => {
    const me = (await app.consoleContext.store.get<{ id: number }>(
      `SELECT id FROM employees WHERE account_name = 'admin'`,
    ))!.id;
    const edited = await call(app, {
      method: "POST",
      url: "/api/org/employees/update",
      token,
      body: { id: me, real_name: "管理员 (edited)" },
    });
    expect(envelope(edited).code).toBe(0);
    const counted = await countStatements(list);
    expect(grantReads(counted.statements)).toBe(1);
  });
});
