// Steps the organisation tests share: signing in and out through the screens, calling the
// API with a token, and setting up departments, positions, roles and accounts through the API when
// a test is about something else.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ACCOUNT_TYPE, PASSWORD, setCookies, sidebar } from "../shell/helpers";

import { INITIAL_PASSWORD } from "../../../mock-server/options";

export { INITIAL_PASSWORD };
export const NO_ROLES_MESSAGE = "getInfo: 此账号没有分配权限，请分配权限之后再进行登录!";

/** A suffix that keeps names unique across runs against the same database. */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

export interface Envelope<T = unknown> {
  status_code: number;
  code: number;
  message: string;
  data: T;
}

export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const response =
    body === undefined
      ? await request.get(path, { headers: { Token: token } })
      : await request.post(path, { headers: { Token: token }, data: body });
  return (await response.json()) as Envelope<T>;
}

export async function ok<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await api<T>(request, token, path, body);
  expect(answer.code, `${path}: ${answer.message}`).toBe(0);
  return answer.data;
}

export async function tokenOf(request: APIRequestContext, account: string, password = PASSWORD): Promise<string> {
  const response = await request.post("/api/sso/login", {
    data: { account_name: account, account_password: password, account_type: ACCOUNT_TYPE, permissions: 1 },
  });
  const body = (await response.json()) as Envelope<string>;
  expect(body.code, body.message).toBe(0);
  return body.data;
}

const LOGIN_FORM = {
  en: { account: "Account name", password: "Password", submit: "Log in" },
  zh: { account: "账号", password: "密码", submit: "登 录" },
} as const;

/** Signs in through the login form, as a person does (spec §2 /login). */
export async function loginWithForm(
  page: Page,
  account: string,
  password = PASSWORD,
  language: keyof typeof LOGIN_FORM = "en",
): Promise<void> {
  const labels = LOGIN_FORM[language];
  await setCookies(page.context(), { language });
  await page.goto("/login");
  await page.getByLabel(labels.account, { exact: true }).fill(account);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: labels.submit }).click();
}

export async function signInWithForm(page: Page, account: string, password = PASSWORD): Promise<void> {
  await loginWithForm(page, account, password);
  await expect(page.locator(".navbar")).toBeVisible();
}

/**
 * An account holding an administrator-given password (a new account, a reset) lands on
 * /set-password after signing in and sets its own before anything else; then the console opens.
 */
export async function setOwnPassword(page: Page, given: string, own: string): Promise<void> {
  await expect(page).toHaveURL(/\/set-password/);
  await page.getByLabel("Current password", { exact: true }).fill(given);
  await page.getByLabel("New password", { exact: true }).fill(own);
  await page.getByLabel("Confirm new password", { exact: true }).fill(own);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".navbar")).toBeVisible();
}

/** A new account's first sign-in through the form: the initial password, then its own. */
export async function firstSignInWithForm(page: Page, account: string, own: string): Promise<void> {
  await loginWithForm(page, account, INITIAL_PASSWORD);
  await setOwnPassword(page, INITIAL_PASSWORD, own);
}

/** Sets `account`'s own password through the API, as its first sign-in would. */
export async function ownPasswordSet(request: APIRequestContext, account: string, own: string): Promise<void> {
  await ok(request, await tokenOf(request, account, INITIAL_PASSWORD), "/api/org/employees/updatepasswordself", {
    old_password: INITIAL_PASSWORD,
    new_password: own,
  });
}

export async function logOut(page: Page): Promise<void> {
  // A list that has just loaded rewrites its URL (refine's syncWithLocation); a click on the
  // dropdown at that moment can be lost, so the menu is opened again until the login page shows.
  await expect(async () => {
    const item = page.getByRole("menuitem", { name: "Log out" });
    if (!(await item.isVisible())) await page.getByTestId("avatar").click();
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  // Signed out is what the person sees: the login form, with the console's work for the old
  // session (its last calls, the guard's check) over, before anyone signs in again.
  await expect(page.locator(".login-form")).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** Every visible entry of the sidebar, groups opened. */
export async function sidebarTitles(page: Page): Promise<string[]> {
  const closed = sidebar(page).locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  for (let guard = 0; guard < 20 && (await closed.count()) > 0; guard++) await closed.first().click();
  return (await sidebar(page).locator(".ant-menu-item, .ant-menu-submenu-title").allInnerTexts()).map((text) =>
    text.trim(),
  );
}

/**
 * The control of the form item labelled `label`. By the label's text, not its `for`: a page kept
 * open in another tab may hold a field with the same id, which `for` would point at.
 */
export const formControl = (scope: Locator, label: string): Locator =>
  scope
    .locator(".ant-form-item")
    .filter({ has: scope.page().locator(".ant-form-item-label label").getByText(label, { exact: true }) })
    .locator("input, textarea")
    .first();

/** Picks `text` in an antd Select, given its input (typing it first, for a reference's options call). */
export async function choose(input: Locator, text: string): Promise<void> {
  await input.click();
  // A reference select searches its options call; a plain one only opens.
  if (await input.isEditable()) await input.fill(text);
  await input
    .page()
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: text })
    .first()
    .click();
}

/** What an add call answers, as far as the tests read it. */
export interface Created {
  readonly id: number;
}

/** One page of a list call. */
export interface ListPage<Row> {
  readonly list: Row[];
  readonly total: number;
}

export interface Staff {
  readonly departmentId: number;
  readonly positionId: number;
  readonly roleId: number;
}

/** A department with a position whose role grants 产品列表 only: enough for an account to sign in. */
export async function staffSetup(request: APIRequestContext, token: string, name: string): Promise<Staff> {
  const department = await ok<Created>(request, token, "/api/org/enterprisedepart/add", {
    depart_code: `D-${name}`,
    depart_name: `Dept ${name}`,
  });
  const position = await ok<Created>(request, token, "/api/org/positions/add", {
    position_code: `P-${name}`,
    position_name: `Pos ${name}`,
    depart_id: department.id,
  });
  const role = await ok<Created>(request, token, "/api/org/roles/add", { role_name: `role_${name}` });
  await ok(request, token, "/api/org/menutree/savetree", {
    role_id: role.id,
    menu_keys: ["productlist"],
    button_codes: [],
  });
  await ok(request, token, "/api/org/positionrole/add", { position_id: position.id, role_id: role.id });
  return { departmentId: department.id, positionId: position.id, roleId: role.id };
}

export async function addAccount(
  request: APIRequestContext,
  token: string,
  staff: Staff,
  account: string,
): Promise<number> {
  const employee = await ok<Created>(request, token, "/api/org/employees/add", {
    account_name: account,
    real_name: `Staff ${account}`,
    account_type: ACCOUNT_TYPE,
    depart_id: staff.departmentId,
    position_id: staff.positionId,
    status: "enabled",
  });
  return employee.id;
}

export async function canLogIn(request: APIRequestContext, account: string, password: string): Promise<boolean> {
  const response = await request.post("/api/sso/login", {
    data: { account_name: account, account_password: password, account_type: ACCOUNT_TYPE, permissions: 1 },
  });
  return ((await response.json()) as Envelope).code === 0;
}
