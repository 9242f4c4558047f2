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

const INPUT_RULE_EN = "Special characters such as %!=/:;“’ and Chinese characters are not allowed";

// The login form is plain HTML in our own CSS, so /login loads no antd; it still does what antd's Form did.
test.describe("the login form without antd", () => {
  test("checks every field on submit, then each field as it changes, and Enter submits", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (request) => request.url().endsWith("/api/sso/login") && calls.push(request.url()));
    await page.goto("/login");
    await expect(page.getByLabel("Account name")).toBeFocused();
    await page.getByRole("button", { name: "Log in" }).click();
    const account = page.getByLabel("Account name");
    const password = page.getByLabel("Password");
    await expect(page.getByRole("alert")).toHaveText(["Please enter the account name", "Please enter the password"]);
    await expect(account).toHaveAttribute("aria-invalid", "true");
    await expect(account).toHaveAccessibleDescription("Please enter the account name");
    // The error text is antd's red as the console's tokens make it readable (#c93d3e).
    await expect(page.getByText("Please enter the password")).toHaveCSS("color", "rgb(201, 61, 62)");
    expect(calls).toEqual([]);

    await account.fill("admin 1");
    await expect(page.getByRole("alert")).toHaveText([INPUT_RULE_EN, "Please enter the password"]);
    await account.fill("admin");
    await expect(page.getByRole("alert")).toHaveText(["Please enter the password"]);
    await expect(account).not.toHaveAttribute("aria-invalid");
    await password.fill(PASSWORD);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel("Account type").selectOption(ACCOUNT_TYPE);
    await password.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(calls).toHaveLength(1);
  });

  test("a field changed before any submit is checked at once", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Password").fill("x");
    await page.getByLabel("Password").fill("");
    await expect(page.getByRole("alert")).toHaveText(["Please enter the password"]);
  });

  test("the password shows on the eye, and caps lock is pointed out beside it", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password");
    await password.fill("secret");
    await expect(password).toHaveAttribute("type", "password");
    const eye = page.getByRole("button", { name: "Show password" });
    await eye.click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(eye).toHaveAttribute("aria-pressed", "true");
    await expect(password).toBeFocused(); // the eye keeps the cursor in the box, as antd's did
    await eye.click();
    await expect(password).toHaveAttribute("type", "password");

    await password.dispatchEvent("keyup", { key: "a", modifierCapsLock: true });
    const hint = page.getByRole("status").filter({ hasText: "Caps lock is on" });
    await expect(hint).toBeVisible();
    // Beside the box, to its right, on a wide screen.
    const [box, bubble] = [await password.boundingBox(), await hint.boundingBox()];
    expect(bubble!.x).toBeGreaterThan(box!.x + box!.width);
    await password.dispatchEvent("keyup", { key: "a", modifierCapsLock: false });
    await expect(hint).toHaveCount(0);
    await password.dispatchEvent("keyup", { key: "a", modifierCapsLock: true });
    await expect(hint).toBeVisible();
    await page.getByLabel("Account name").focus();
    await expect(hint).toHaveCount(0);
  });

  test("the button takes the theme's colour (its solid shade) and sends one call while it is out", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("console-settings", JSON.stringify({ theme: "#13c2c2" })));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route("**/api/sso/login", async (route) => {
      calls += 1;
      await held;
      await route.continue();
    });
    await page.goto("/login");
    const button = page.getByRole("button", { name: "Log in" });
    // #13c2c2 darkened until its white label reads at 4.5:1 (#0c7c7c).
    await expect(button).toHaveCSS("background-color", "rgb(12, 124, 124)");
    await page.getByLabel("Account name").fill("admin");
    await page.getByLabel("Password").fill(PASSWORD);
    await button.click();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await button.click();
    await page.getByLabel("Password").press("Enter");
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(calls).toBe(1);
  });

  test("fits a 375 px phone in dark mode, with the phone's own chooser for the account type", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login");
    const form = page.locator(".login-form");
    await expect(form).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = (await form.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    const type = page.getByLabel("Account type");
    expect(await type.evaluate((element) => element.tagName)).toBe("SELECT");
    // The form stays light on a dark system: dark text on white boxes, the select's too.
    await expect(type).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(type).toHaveCSS("color", "rgba(0, 0, 0, 0.88)");
    await expect(page.getByLabel("Account name")).toHaveCSS("color", "rgba(0, 0, 0, 0.88)");
    await page.getByLabel("Password").dispatchEvent("keyup", { key: "a", modifierCapsLock: true });
    const hint = (await page.getByRole("status").filter({ hasText: "Caps lock is on" }).boundingBox())!;
    expect(hint.x).toBeGreaterThanOrEqual(0);
    expect(hint.x + hint.width).toBeLessThanOrEqual(375);
    await page.getByLabel("Account name").fill("admin");
    await page.getByLabel("Password").fill(PASSWORD);
    await type.selectOption(ACCOUNT_TYPE);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
