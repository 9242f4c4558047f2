// The access hook decides a call from memory alone when the session, the password-change answer,
// the grants and the menus are all kept (access.ts), with no promise. These cases prove that the
// quick way is the one taken, and that it refuses exactly when the reading way would: each change
// an administrator makes applies to the very next call.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { call, envelope, fixtureApp, login } from "../test-fixtures/test-app";
import { passwordChanged, requirePasswordChange } from "./password-change";
import { testEngine } from "../test-fixtures/test-database";
import { ERROR_CODES as ErrorCode } from "../../schema/contract/envelope";

let app: FastifyInstance;
let admin: string;
let editor: string;
let editorId: number;
let dealerId: number;
const post = (url: string, body: unknown, token = admin) =>
  call(app, { method: "POST", url, body, token }).then(envelope);
const readDealer = (token = editor) =>
  call(app, { url: `/api/base/dealers/detail?id=${dealerId}`, token }).then(envelope);

beforeAll(async () => {
  ({ app } = await fixtureApp());
  const { store } = app.consoleContext;
  admin = await login(app, "admin");
  editorId = (await store.get<{ id: number }>(`SELECT id FROM "employees" WHERE account_name = 'editor'`))!.id;
  dealerId = (await post("/api/base/dealers/add", { dealer_name: "郑州瑞祥贸易" })).data.id;
});
afterAll(() => app.close());

beforeEach(async () => {
  editor = await login(app, "editor");
  expect((await readDealer()).code).toBe(0); // the session, the answers and the labels are now kept
});

describe("the access hook's decision from memory", () => {
  it("is taken once everything is kept, alone on the database: the session is not resolved again", async () => {
    const resolve = vi.spyOn(app.consoleContext.sessions, "resolve");
    const grants = vi.spyOn(app.consoleContext.grants, "forAccount");
    try {
      expect((await readDealer()).data.dealer_name).toBe("郑州瑞祥贸易");
      // PostgreSQL is shared with other servers: each call first hears their changes (resolve()).
      const shared = testEngine() === "postgres";
      expect(resolve).toHaveBeenCalledTimes(shared ? 1 : 0);
      expect(grants).toHaveBeenCalledTimes(shared ? 1 : 0);
    } finally {
      resolve.mockRestore();
      grants.mockRestore();
    }
  });

  it("refuses the next call once the menu it needs is switched off, and admits it once on again", async () => {
    await post("/api/org/menutree/menutreeenable", { menu_key: "dealer", enabled: false });
    try {
      expect((await readDealer()).code).toBe(ErrorCode.forbidden);
    } finally {
      await post("/api/org/menutree/menutreeenable", { menu_key: "dealer", enabled: true });
    }
    expect((await readDealer()).code).toBe(0);
  });

  it("refuses the next call once the account must set its own password", async () => {
    const { store } = app.consoleContext;
    await requirePasswordChange(store, editorId);
    try {
      expect((await readDealer()).code).toBe(ErrorCode.passwordChangeRequired);
    } finally {
      await passwordChanged(store, editorId);
    }
    expect((await readDealer()).code).toBe(0);
  });

  it("refuses the next call after a logout", async () => {
    expect((await post("/api/sso/loginout", {}, editor)).code).toBe(0);
    expect((await readDealer()).code).toBe(ErrorCode.sessionInvalid);
  });

  it("refuses the next call once the account's role loses the grant", async () => {
    const { store } = app.consoleContext;
    const role = (await store.get<{ id: number }>(`SELECT id FROM "roles" WHERE role_name = 'editor'`))!.id;
    const granted = await store.all<{ menu_key: string }>("SELECT menu_key FROM _role_menus WHERE role_id = ?", [role]);
    const buttons = await store.all<{ code: string }>(
      "SELECT menu_button_code AS code FROM _role_buttons WHERE role_id = ?",
      [role],
    );
    const save = (menuKeys: string[]) =>
      post("/api/org/menutree/savetree", {
        role_id: role,
        menu_keys: menuKeys,
        button_codes: buttons.map((button) => button.code),
      });
    expect((await save(granted.map((row) => row.menu_key).filter((key) => key !== "dealer"))).code).toBe(0);
    try {
      expect((await readDealer()).code).toBe(ErrorCode.forbidden);
    } finally {
      await save(granted.map((row) => row.menu_key));
    }
    expect((await readDealer()).code).toBe(0);
  });
});
