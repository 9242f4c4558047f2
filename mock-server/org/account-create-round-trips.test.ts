// What an account's create costs PostgreSQL, with a list's total kept: 8 round trips (the change
// feed's barrier, the actor's name, BEGIN with the department check, the INSERT, the kept total's
// question about the new row, the initial password's hash with the password-change mark, sent
// together, the NOTIFY with the COMMIT, the record read back). "At most": the count takes in every
// statement of the process, a background job's too. The new account's rows are all there: it must
// change its initial password at its first sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, login } from "../test-fixtures/test-app";
import { chainApp } from "../test-fixtures/chain-app";
import { countStatements } from "../test-fixtures/statement-count";
import { testEngine } from "../test-fixtures/test-database";

let app: FastifyInstance;
let token: string;
let departId: number;

const create = (name: string) =>
  call(app, {
    method: "POST",
    url: "/api/org/employees/add",
    token,
    body: { account_name: name, real_name: "x", account_type: "factory", depart_id: departId, status: "enabled" },
  });

describe.runIf(testEngine() === "postgres")("an account's create on PostgreSQL", () => {
  beforeAll(async () => {
    ({ app } = await chainApp());
    token = await login(app, "admin");
    departId = (await app.consoleContext.store.get<{ id: number }>(`SELECT id FROM departments ORDER BY id LIMIT 1`))!
      .id;
    const listed = await call(app, { url: "/api/org/employees/pagelist", token, query: { page: "1", size: "5" } });
    expect(envelope(listed).code).toBe(0);
  }, 60_000);
  afterAll(() => app.close());

  it("takes at most 8 round trips and leaves the password and the password-change duty", async () => {
    const counted = await countStatements(() => create("round_trips_1"));
    const made = envelope(counted.result);
    expect(made.code, made.message).toBe(0);
    expect(counted.roundTrips, counted.statements.join("\n")).toBeLessThanOrEqual(8);
    const store = app.consoleContext.store;
    expect(await store.get(`SELECT 1 AS found FROM _secrets WHERE row_id = ?`, [made.data.id])).toBeDefined();
    expect(
      await store.get(`SELECT 1 AS found FROM _password_change WHERE account_id = ?`, [made.data.id]),
    ).toBeDefined();
  });
});
