import { expect, test } from "@playwright/test";
import { ACCOUNT_TYPE, PASSWORD, cookie, signIn, watchShown } from "./helpers";

test.describe("login", () => {
  test("spec §4: no token redirects to /login?redirect= with the query kept", async ({ page }) => {
    await page.goto("/store?currentPage=2&pageSize=10");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fstore%3FcurrentPage%3D2%26pageSize%3D10$/);
    await page.getByLabel("Account name").fill("admin");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/store\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/store");
    expect(url.searchParams.get("currentPage")).toBe("2");
    expect(url.searchParams.get("pageSize")).toBe("10");
  });

  test("spec §4, §7: the login stores token, name and account type and logs to its own base URL", async ({ page }) => {
    await page.goto("/login");
    const loginLog = page.waitForRequest((request) => request.url().includes("/loginlog/api/org/loginlog/add"));
    const loginCall = page.waitForRequest((request) => request.url().endsWith("/api/sso/login"));
    await page.getByLabel("Account name").fill("admin");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    expect((await loginCall).postDataJSON()).toEqual({
      account_name: "admin",
      account_password: PASSWORD,
      account_type: ACCOUNT_TYPE,
      permissions: 1,
    });
    expect((await loginLog).postDataJSON()).toMatchObject({ accountName: "admin" });
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await cookie(page, "Admin-Token")).toBeTruthy();
    expect(await cookie(page, "Admin-Name")).toBe("admin");
    expect(await cookie(page, "Admin-Account-Type")).toBe(ACCOUNT_TYPE);
  });

  test("spec §5: the account name follows the shared input rule", async ({ page }) => {
    await page.context().addCookies([{ name: "language", value: "zh", domain: "127.0.0.1", path: "/" }]);
    await page.goto("/login");
    await page.getByLabel("账号", { exact: true }).fill("管理员 1");
    await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登 录" }).click();
    await expect(page.getByText("不能输入%!=/:;“’等特殊字符与中文")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("spec §8, §9: a failed login shows the server's message for 5 s", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Account name").fill("admin");
    await page.getByLabel("Password").fill("wrong-password");
    const { message } = (await (
      await page.request.post("/api/sso/login", {
        data: { account_name: "admin", account_password: "wrong-password", account_type: ACCOUNT_TYPE, permissions: 1 },
      })
    ).json()) as { message: string };
    expect(message).toBeTruthy();
    const shownFor = await watchShown(page, ".ant-message-error", message);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.locator(".ant-message-error").filter({ hasText: message })).toBeVisible();
    const shown = await shownFor();
    expect(shown).toBeGreaterThanOrEqual(4900);
    expect(shown).toBeLessThan(5800);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("spec §2: a logged-in user visiting /login goes to /", async ({ page }) => {
    await signIn(page);
    await page.goto("/login?redirect=%2Fstore");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("spec §7: the login footer shows the enterprise's ICP record", async ({ page }) => {
    const icp = await page.request.get("/api/org/enterpriseaccountnoauth/geticp?enterprise_code=E0001");
    const { data } = (await icp.json()) as { data: { icp_record: string; enterprise_name: string } };
    await page.goto("/login");
    const footer = page.getByTestId("icp-footer");
    await expect(footer).toContainText(data.icp_record);
    await expect(footer).toContainText(data.enterprise_name);
  });
});
