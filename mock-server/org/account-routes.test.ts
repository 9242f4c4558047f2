// spec §7 employees: add (initial password), update, delete, updatepassword, updatepasswordself;
// departments refuse deletion while in use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { INITIAL_PASSWORD } from "../options";

let app: FastifyInstance;
let admin: string;
const post = (url: string, body: unknown, token = admin) =>
  call(app, { method: "POST", url, body, token }).then(envelope);
const tryLogin = (name: string, password: string) =>
  login(app, name, password).then(
    () => true,
    () => false,
  );
/** What a refused call must leave as it was: a refusal changes no data. */
const rows = (table: string) => app.consoleContext.store.all(`SELECT * FROM "${table}" ORDER BY id`);
/** The org tables a refused delete must leave as they were, read one after another. */
const orgTables = async () => [await rows("departments"), await rows("positions"), await rows("employees")];
const secretOf = async (accountId: number) =>
  await app.consoleContext.store.all("SELECT * FROM _secrets WHERE resource = 'employees' AND row_id = ?", [accountId]);

beforeAll(async () => {
  ({ app } = await fixtureApp());
  admin = await login(app, "admin");
});
afterAll(() => app.close());

describe("employees", () => {
  let id: number;
  it("add: the new account logs in with the initial password", async () => {
    const body = await post("/api/org/employees/add", {
      account_name: "zhangsan",
      employee_name: "张三",
      account_type: "enterprise",
    });
    expect(body.code).toBe(0);
    id = body.data.id;
    expect(Object.keys(body.data).some((key) => key.includes("password"))).toBe(false);
    expect(await tryLogin("zhangsan", INITIAL_PASSWORD)).toBe(true);
  });

  it("add with a password field sets that password", async () => {
    await post("/api/org/employees/add", {
      account_name: "lisi",
      employee_name: "李四",
      account_password: "lisi-pass",
    });
    expect(await tryLogin("lisi", "lisi-pass")).toBe(true);
    expect(await tryLogin("lisi", INITIAL_PASSWORD)).toBe(false);
  });

  it("refuses a second account with the same name, through add and update, changing nothing", async () => {
    const before = await rows("employees");
    const again = await post("/api/org/employees/add", { account_name: "zhangsan", employee_name: "另一个张三" });
    expect(again).toMatchObject({
      status_code: 409,
      code: 40900,
      message: 'account_name: value "zhangsan" already exists',
      errors: { account_name: "already exists" },
    });
    const lisi = (await app.consoleContext.store.get<{ id: number }>(
      `SELECT id FROM "employees" WHERE account_name = 'lisi'`,
    ))!;
    const renamed = await post("/api/org/employees/update", { id: lisi.id, account_name: "zhangsan" });
    expect(renamed).toMatchObject({ status_code: 409, code: 40900, errors: { account_name: "already exists" } });
    expect(await rows("employees")).toEqual(before);
    expect(await tryLogin("lisi", "lisi-pass")).toBe(true);
  });

  it("updatepassword: an administrator sets another's password and ends their sessions", async () => {
    const token = await login(app, "zhangsan", INITIAL_PASSWORD);
    expect((await post("/api/org/employees/updatepassword", { id, new_password: "abc12345" })).code).toBe(0);
    expect((await call(app, { url: "/api/org/menutree/selectedlist", token }).then(envelope)).code).toBe(50012);
    expect(await tryLogin("zhangsan", "abc12345")).toBe(true);
    expect((await post("/api/org/employees/updatepassword", { id: 999999, new_password: "abc12345" })).code).toBe(
      40400,
    );
  });

  it("updatepassword needs the account edit button", async () => {
    const editor = await login(app, "editor");
    expect((await post("/api/org/employees/updatepassword", { id, new_password: "abc12345" }, editor)).code).toBe(
      40300,
    );
  });

  it("updatepasswordself: checks the old password, keeps the caller's session, ends the others", async () => {
    const token = await login(app, "zhangsan", "abc12345");
    const other = await login(app, "zhangsan", "abc12345");
    const secret = await secretOf(id);
    const wrong = await post(
      "/api/org/employees/updatepasswordself",
      { old_password: "nope", new_password: "xyz98765" },
      token,
    );
    expect(wrong).toMatchObject({
      status_code: 400,
      code: 40000,
      message: "old_password: the current password is not correct",
    });
    // The refusal changes nothing: same hash, the old password still works, both sessions live
    // (still held to the password change, since an administrator set this password).
    expect(await secretOf(id)).toEqual(secret);
    expect((await call(app, { url: "/api/org/menutree/selectedlist", token: other }).then(envelope)).code).toBe(40301);
    expect(await tryLogin("zhangsan", "xyz98765")).toBe(false);
    expect(
      (
        await post(
          "/api/org/employees/updatepasswordself",
          { old_password: "abc12345", new_password: "xyz98765" },
          token,
        )
      ).code,
    ).toBe(0);
    expect((await call(app, { url: "/api/org/menutree/selectedlist", token }).then(envelope)).code).toBe(0);
    expect((await call(app, { url: "/api/org/menutree/selectedlist", token: other }).then(envelope)).code).toBe(50012);
    expect(await tryLogin("zhangsan", "xyz98765")).toBe(true);
  });

  it("nobody deletes the account they are signed in with", async () => {
    const me = (await app.consoleContext.store.get<{ id: number }>(
      `SELECT id FROM "employees" WHERE account_name = 'admin'`,
    ))!;
    expect(await post("/api/org/employees/delete", { id: me.id })).toMatchObject({ status_code: 409, code: 40901 });
  });

  it("delete ends the account's sessions and its password", async () => {
    const token = await login(app, "zhangsan", "xyz98765");
    expect((await post("/api/org/employees/delete", { id })).code).toBe(0);
    expect((await call(app, { url: "/api/org/menutree/selectedlist", token }).then(envelope)).code).toBe(50012);
    expect(
      await app.consoleContext.store.all("SELECT * FROM _secrets WHERE resource = 'employees' AND row_id = ?", [id]),
    ).toEqual([]);
  });
});

describe("departments", () => {
  it("refuses to delete one with sub-departments, positions or staff, changing nothing", async () => {
    const parent = (await post("/api/org/enterprisedepart/add", { depart_code: "D-P", depart_name: "生产中心" })).data
      .id;
    const child = (
      await post("/api/org/enterprisedepart/add", { depart_code: "D-C", depart_name: "灌装车间", parent_id: parent })
    ).data.id;
    await post("/api/org/positions/add", { position_name: "班长", department_id: child });
    await post("/api/org/employees/add", { account_name: "wangwu", employee_name: "王五", department_id: child });
    const before = await orgTables();
    const withChild = await post("/api/org/enterprisedepart/delete", { id: parent });
    expect(withChild).toMatchObject({ status_code: 409, code: 40901 });
    expect(withChild.message).toBe(
      `Cannot delete departments ${parent}: it is still used by 1 child departments record(s)`,
    );
    const withStaff = await post("/api/org/enterprisedepart/delete", { id: child });
    expect(withStaff.message).toBe(
      `Cannot delete departments ${child}: it is still used by 1 employees record(s) (department_id); 1 positions record(s) (department_id)`,
    );
    expect(withStaff).toMatchObject({ status_code: 409, code: 40901 });
    expect(await orgTables()).toEqual(before);
  });

  it("deletes an unused one", async () => {
    const lone = (await post("/api/org/enterprisedepart/add", { depart_code: "D-L", depart_name: "临时部门" })).data.id;
    expect((await post("/api/org/enterprisedepart/delete", { id: lone })).data).toEqual({ id: lone });
  });
});
