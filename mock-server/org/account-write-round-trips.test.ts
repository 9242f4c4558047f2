// What an account's update and delete cost the database, as the lists bench's writer sends them
// (the filtered list's total and the whole table's kept): the account's row is read for the write
// once, by the statement that holds it; the disabled-account check and the call's answer take the
// row the UPDATE answers (RETURNING), unless a rule after it wrote the row again. The kept totals
// are asked whether they count the row before a write and after it, but after a delete the row is in
// none. The account's sessions end with the commit (runAtCommit). On PostgreSQL each statement not
// sent together with another is a round trip.
// Only the call's own statements are counted (statement-count.ts), the totals stay exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, login } from "../test-fixtures/test-app";
import { chainApp } from "../test-fixtures/chain-app";
import { countStatements, type Counted } from "../test-fixtures/statement-count";
import { testEngine } from "../test-fixtures/test-database";
import type { Store } from "../db/store";

let app: FastifyInstance;
let token: string;
let departId: number;
let serial = 0;

const post = (path: string, body: object) =>
  call(app, { method: "POST", url: `/api/org/employees/${path}`, token, body });
const list = (query: Record<string, string> = {}) =>
  call(app, { url: "/api/org/employees/pagelist", token, query: { page: "1", size: "5", ...query } });
const create = async (): Promise<number> => {
  const made = envelope(
    await post("add", {
      account_name: `row_reads_${++serial}`,
      real_name: "x",
      account_type: "factory",
      depart_id: departId,
      status: "enabled",
    }),
  );
  expect(made.code, made.message).toBe(0);
  return made.data.id as number;
};

/** Reads of the account's whole row by its id (not the totals' questions, which count). */
/**
 * A trigger named `name` that refuses `verb` on the rows of `table` matching `when` (on each engine
 * in its own words), its message "<name>: refused by the test"; answers the call that lifts it.
 */
async function refuse(
  store: Store,
  { name, verb, table, when }: { name: string; verb: "UPDATE" | "DELETE"; table: string; when: string },
): Promise<() => Promise<void>> {
  const message = `${name}: refused by the test`;
  if (store.engineName === "sqlite") {
    await store.engine.exec(`CREATE TRIGGER ${name} BEFORE ${verb} ON ${table} WHEN OLD.${when}
      BEGIN SELECT RAISE(ABORT, '${message}'); END`);
    return () => store.engine.exec(`DROP TRIGGER ${name}`);
  }
  await store.engine.exec(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`);
  await store.engine.exec(`CREATE TRIGGER ${name} BEFORE ${verb} ON ${table} FOR EACH ROW WHEN (OLD.${when})
    EXECUTE FUNCTION ${name}()`);
  return async () => {
    await store.engine.exec(`DROP TRIGGER ${name} ON ${table}`);
    await store.engine.exec(`DROP FUNCTION ${name}()`);
  };
}

const rowReads = ({ statements }: Counted) =>
  statements.filter((sql) => /^SELECT "id", .* FROM "employees" WHERE "id" = (\?|\$1)/.test(sql));

/** The kept totals' questions: does this total count the row? (one a total, before and after a write) */
const totalsQuestions = ({ statements }: Counted) =>
  statements.filter((sql) => /^SELECT COUNT\(\*\) AS total FROM "employees" .*"id" = (\?|\$\d)$/.test(sql));

async function totalsExact(): Promise<void> {
  const store = app.consoleContext.store;
  for (const [query, where] of [
    [{}, ""],
    [{ status: "enabled" }, `WHERE status = 'enabled'`],
  ] as const) {
    const listed = envelope(await list(query));
    const counted = await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM employees ${where}`);
    expect(listed.data.total, where).toBe(Number(counted!.n));
  }
}

describe("an account's update and delete", () => {
  beforeAll(async () => {
    ({ app } = await chainApp());
    token = await login(app, "admin");
    departId = (await app.consoleContext.store.get<{ id: number }>(`SELECT id FROM departments ORDER BY id LIMIT 1`))!
      .id;
    await totalsExact(); // the two totals are kept from here on
  }, 60_000);
  afterAll(() => app.close());

  it("an update reads the row once, in its transaction, and answers the row it left", async () => {
    const id = await create();
    const counted = await countStatements(() => post("update", { id, status: "disabled" }));
    const answer = envelope(counted.result);
    expect(answer.code).toBe(0);
    expect(rowReads(counted), counted.statements.join("\n")).toHaveLength(1);
    const detail = envelope(await call(app, { url: "/api/org/employees/detail", token, query: { id: String(id) } }));
    expect(answer.data).toEqual(detail.data);
    expect(answer.data).toMatchObject({ status: "disabled", depart_id_label: expect.any(String) });
    // The disabled-account check saw the row the update left: the account's sessions end.
    expect(counted.statements.filter((sql) => sql.startsWith("UPDATE _sessions SET revoked_at"))).toHaveLength(1);
    await totalsExact();
  });

  it("an update whose rule after it writes the row again answers the row as the rule left it", async () => {
    const id = await create();
    const { hooks, records, catalog } = app.consoleContext;
    hooks.add("employees", {
      afterUpdate: async (updated) => {
        if (updated === id) await records.update(catalog.info("employees"), id, { real_name: "renamed by a rule" });
      },
    });
    const counted = await countStatements(() => post("update", { id, real_name: "renamed by the call" }));
    expect(envelope(counted.result).data.real_name).toBe("renamed by a rule");
    // The answer is the row read again once committed.
    const committed = counted.statements.findIndex((sql) => /COMMIT$/.test(sql));
    const afterCommit = { ...counted, statements: counted.statements.slice(committed + 1) };
    expect(committed, counted.statements.join("\n")).toBeGreaterThan(0);
    expect(rowReads(afterCommit), counted.statements.join("\n")).toHaveLength(1);
  });

  it("a delete reads the row once, and asks the two totals about it only before deleting it", async () => {
    const id = await create();
    const passwords = async () =>
      (await app.consoleContext.store.all(`SELECT 1 FROM _secrets WHERE resource = 'employees' AND row_id = ?`, [id]))
        .length;
    expect(await passwords()).toBe(1);
    const counted = await countStatements(() => post("delete", { id }));
    expect(envelope(counted.result).code).toBe(0);
    expect(rowReads(counted), counted.statements.join("\n")).toHaveLength(1);
    expect(totalsQuestions(counted), counted.statements.join("\n")).toHaveLength(2);
    expect(await passwords()).toBe(0); // the account's password went with it
    await totalsExact();
  });

  it("a delete the database refuses changes nothing, and its refusal is the one reported", async () => {
    const id = await create();
    const { store, records, catalog } = app.consoleContext;
    const lift = await refuse(store, { name: "keep_account", verb: "DELETE", table: "employees", when: `id = ${id}` });
    try {
      const info = catalog.info("employees");
      await expect(store.transaction(async () => await records.remove(info, id))).rejects.toThrow(
        /keep_account: refused by the test/,
      );
      expect(await store.get(`SELECT 1 AS kept FROM employees WHERE id = ?`, [id])).toEqual({ kept: 1 });
      expect(await store.all(`SELECT 1 FROM _secrets WHERE resource = 'employees' AND row_id = ?`, [id])).toHaveLength(
        1,
      );
      await totalsExact();
    } finally {
      await lift();
    }
  });

  it("a disable whose sessions' revocation the database refuses changes nothing, and its refusal is the one reported", async () => {
    const id = await create();
    const { store, records, catalog, sessions } = app.consoleContext;
    const token = await sessions.create(id);
    const lift = await refuse(store, {
      name: "keep_sessions",
      verb: "UPDATE",
      table: "_sessions",
      when: `account_id = ${id}`,
    });
    try {
      const info = catalog.info("employees");
      const disable = async () => {
        const row = await records.rowForWrite(info, id);
        const updated = await records.update(info, id, { status: "disabled" }, row);
        expect(updated).toMatchObject({ status: "disabled" }); // the update ran: the commit undoes it
        await sessions.revokeAccount(id);
      };
      await expect(store.transaction(disable)).rejects.toThrow(/keep_sessions: refused by the test/);
      expect(envelope(await post("update", { id, status: "disabled" })).code).not.toBe(0); // the route's too
      expect(await store.get(`SELECT status FROM employees WHERE id = ?`, [id])).toEqual({ status: "enabled" });
      expect(await sessions.resolve(token)).toBe(id); // the session still works
      await totalsExact();
    } finally {
      await lift();
    }
  });

  describe.runIf(testEngine() === "postgres")("on PostgreSQL", () => {
    // The change feed's barrier; BEGIN with the row read and held; the hold and the totals'
    // questions; the UPDATE answering the row; the questions after it; the sessions' revocation with
    // the NOTIFY and the COMMIT.
    it("an update that disables the account takes 6 round trips", async () => {
      const id = await create();
      const counted = await countStatements(() => post("update", { id, status: "disabled" }));
      expect(counted.roundTrips, counted.statements.join("\n")).toBe(6);
    });

    // The barrier; BEGIN with the row read and held; the hold and the questions; the DELETE with the
    // password's row; the sessions' revocation with the NOTIFY and the COMMIT.
    it("a delete takes 5 round trips", async () => {
      const id = await create();
      const counted = await countStatements(() => post("delete", { id }));
      expect(counted.roundTrips, counted.statements.join("\n")).toBe(5);
    });
  });
});
