// Every refusal the server gives reaches the user in the console's language. The
// envelope carries a key and parameters beside `message`; the console renders them with the field's
// label from the manifest, one notification per failure, and none beside the ended-session question.
import { expect, test } from "@playwright/test";
import { messageIn, message, type MessageLanguage } from "../../../schema/contract/messages";
import { apiLogin, setCookies, signIn } from "./helpers";

const LANGUAGES: readonly MessageLanguage[] = ["zh", "en", "es", "ja"];
// The console's own words (src/locales/*/shell.ts, screens.ts) and 品牌设置's labels (schema/resources/brands.yaml).
const WORDS: Record<
  MessageLanguage,
  { account: string; password: string; logIn: string; save: string; brandCode: string; brandName: string }
> = {
  zh: { account: "账号", password: "密码", logIn: "登 录", save: "保存", brandCode: "品牌编码", brandName: "品牌名称" },
  en: {
    account: "Account name",
    password: "Password",
    logIn: "Log in",
    save: "Save",
    brandCode: "Brand code",
    brandName: "Brand name",
  },
  es: {
    account: "Cuenta",
    password: "Contraseña",
    logIn: "Entrar",
    save: "Guardar",
    brandCode: "Código de marca",
    brandName: "Nombre de la marca",
  },
  ja: {
    account: "アカウント",
    password: "パスワード",
    logIn: "ログイン",
    save: "保存",
    brandCode: "ブランドコード",
    brandName: "ブランド名",
  },
};

for (const language of LANGUAGES) {
  test(`a wrong password is refused in ${language}`, async ({ page }) => {
    await setCookies(page.context(), { language });
    await page.goto("/login");
    const words = WORDS[language];
    await page.getByLabel(words.account, { exact: true }).fill("keeper_nobody");
    await page.getByLabel(words.password, { exact: true }).fill("wrong-password-1");
    await page.getByRole("button", { name: words.logIn }).click();
    await expect(page.locator(".ant-message-error")).toHaveText(messageIn(language, message("common.loginFailed")));
  });
}

for (const language of LANGUAGES) {
  test(`a duplicate on 品牌设置 names the field by its label, once, in ${language}`, async ({ page }) => {
    const token = await apiLogin(page);
    const existing = (
      (await (await page.request.get("/api/base/brands/pagelist?size=1", { headers: { Token: token } })).json()) as {
        data: { list: { brand_code: string }[] };
      }
    ).data.list[0].brand_code;
    const words = WORDS[language];
    await signIn(page, "admin", "/productsort/create", language);
    const form = page.locator('.app-page[data-page="/productsort/create"]');
    await form.getByRole("textbox", { name: words.brandCode }).fill(existing);
    await form.getByRole("textbox", { name: words.brandName }).fill(`重复 ${language} ${Date.now()}`);
    await form.getByRole("button", { name: words.save }).click();
    const rule = messageIn(language, message("common.rule.duplicate", { value: JSON.stringify(existing) }));
    await expect(
      page.locator(".ant-notification-notice").filter({ hasText: `${words.brandCode}: ${rule}` }),
    ).toHaveCount(1);
    await expect(page.locator(".ant-notification-notice")).toHaveCount(1);
    await expect(form.locator(".ant-form-item-explain-error")).toHaveText(
      messageIn(language, message("common.rule.alreadyExists")),
    );
  });
}

test("spec §8: a save refused because the session ended asks once, and no notification repeats it", async ({
  page,
}) => {
  const { token } = await signIn(page, "admin", "/productsort/create");
  const words = WORDS.en;
  const form = page.locator('.app-page[data-page="/productsort/create"]');
  await form.getByRole("textbox", { name: words.brandCode }).fill(`B${Date.now()}`);
  await form.getByRole("textbox", { name: words.brandName }).fill(`ended ${Date.now()}`);
  await page.request.post("/api/sso/loginout", { headers: { Token: token } });
  const refused = page.waitForResponse((response) => response.url().includes("/api/base/brands/add"));
  await form.getByRole("button", { name: words.save }).click();
  expect(((await (await refused).json()) as { code: number }).code).toBe(50012);
  await expect(page.locator(".ant-modal-confirm")).toHaveCount(1);
  await page.waitForTimeout(1_000); // a notification would be open by now
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
  await expect(page.locator(".ant-modal-confirm")).toHaveCount(1);
});
