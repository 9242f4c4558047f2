// spec §7 updatepasswordself and updatepassword: an account changes its own password on
// the profile page (old password required), an administrator resets another's on 账号管理; each
// time the old password stops working and the new one works, in the browser.
import { expect, test, type Page } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import {
  addAccount,
  canLogIn,
  firstSignInWithForm,
  formControl,
  INITIAL_PASSWORD,
  loginWithForm,
  logOut,
  ownPasswordSet,
  setOwnPassword,
  signInWithForm,
  stamp,
  staffSetup,
  tokenOf,
  type Staff,
} from "./org-helpers";

const LOGIN_REFUSED = "Account name, password or account type is incorrect";
let staff: Staff;

test.beforeAll(async ({ request }) => {
  staff = await staffSetup(request, await tokenOf(request, "admin"), `pw${stamp()}`);
});

async function expectRefused(page: Page, account: string, password: string) {
  await loginWithForm(page, account, password);
  await expect(page.getByText(LOGIN_REFUSED)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

test("spec §7 updatepasswordself: an account changes its own password; a wrong old one is refused", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = `self_${stamp()}`;
  const first = "First-pass-1";
  const changed = "Self-pass-2";
  await addAccount(request, await tokenOf(request, "admin"), staff, account);
  // An administrator-given password is replaced first: the first sign-in asks for the account's own password before anything else.
  await firstSignInWithForm(page, account, first);
  // The first sign-in's own "Password changed" message goes first: the profile's save shows its own.
  await expect(page.getByText("Password changed")).toHaveCount(0);
  await page.getByTestId("avatar").click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile\/index$/);
  const form = visiblePage(page);
  await form.getByLabel("Current password", { exact: true }).fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill(changed);
  await form.getByLabel("Confirm new password", { exact: true }).fill(changed);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("old_password: the current password is not correct")).toBeVisible();
  expect(await canLogIn(request, account, changed)).toBe(false);

  await form.getByLabel("Current password", { exact: true }).fill(first);
  await form.getByLabel("New password", { exact: true }).fill(changed);
  await form.getByLabel("Confirm new password", { exact: true }).fill(changed);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await logOut(page);
  await expectRefused(page, account, first);
  await signInWithForm(page, account, changed);
});

test("spec §7 updatepassword: the administrator resets another account's password on 账号管理", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = `reset_${stamp()}`;
  const own = "Own-pass-3";
  await addAccount(request, await tokenOf(request, "admin"), staff, account);
  await ownPasswordSet(request, account, own);

  await signIn(page, "admin", "/stafflist");
  const list = visiblePage(page);
  await formControl(list, "Account name").fill(account);
  await list.getByRole("button", { name: "Search" }).click();
  const rows = list.locator(".ant-table-tbody tr.ant-table-row");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: "Reset password" }).click();
  await page.locator(".ant-popconfirm:visible").getByRole("button", { name: "OK" }).click();
  await expect(page.getByText("Done")).toBeVisible();

  // The reset sets the initial password back (employees.yaml resetPassword), and like a new
  // account's, it must be replaced at the next sign-in before anything else works.
  await logOut(page);
  await expectRefused(page, account, own);
  await loginWithForm(page, account, INITIAL_PASSWORD);
  await setOwnPassword(page, INITIAL_PASSWORD, "Own-pass-4");
});
