// The manifest's lookup screens beyond a found code: without a code, the prompt (or the list where
// the lookup declares one); an unknown code, the server's refusal and no section; what a scanner
// types (the console's own consumer URL, an AIM-prefixed code) read as the code it names, by the
// stations' rules; and a section's declared empty state (a code in no package).
import { expect, test } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { api, tokenOf } from "../org/org-helpers";

test("包装箱码查询: the prompt without a code, the server's refusal for an unknown one", async ({ page }) => {
  await signIn(page, "admin", "/packagequery");
  const lookup = visiblePage(page);
  await expect(lookup.getByTestId("lookup-prompt")).toBeVisible();
  await expect(lookup.getByTestId("package-children")).toHaveCount(0);

  await lookup.getByPlaceholder("Enter a trace code").fill("NOSUCHBOX01");
  await lookup.getByPlaceholder("Enter a trace code").press("Enter");
  await expect(page).toHaveURL(/packagequery\?code=NOSUCHBOX01$/);
  await expect(lookup.getByTestId("lookup-error")).toContainText("no such code");
  await expect(lookup.getByTestId("lookup-prompt")).toHaveCount(0);
  await expect(lookup.getByTestId("package-fill")).toHaveCount(0);
});

test("码查询 reads a scanned consumer URL and an AIM-prefixed code as the code; a code in no package says so", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const generated = (
    await api(request, admin, "/api/tagging/tracecodes/pagelist?page=1&size=1&status=generated&code_type=item")
  ).data as { list: { code: string }[] };
  const code = generated.list[0]?.code;
  expect(code, "the seed holds codes not yet activated").toBeTruthy();

  await signIn(page, "admin", "/home/tagging/codequery");
  const lookup = visiblePage(page);
  await expect(lookup.getByTestId("lookup-prompt")).toBeVisible();
  const search = lookup.getByPlaceholder("Enter a trace code");
  await search.fill(`http://scanner.example/m/q/${code}`);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`codequery\\?code=${code}$`));
  await expect(lookup.getByTestId("code-status")).toHaveText("Generated");
  // The hierarchy section's declared empty state, and the logistics' one.
  await expect(lookup.getByTestId("parent-chain")).toHaveText("Not in any package");
  await expect(lookup.getByTestId("code-logistics")).toHaveText("Has not left on a waybill");

  await page.goto("/home/tagging/codequery");
  await visiblePage(page).getByPlaceholder("Enter a trace code").fill(`]Q1${code}`);
  await visiblePage(page).getByPlaceholder("Enter a trace code").press("Enter");
  await expect(page).toHaveURL(new RegExp(`codequery\\?code=${code}$`));
  await expect(visiblePage(page).getByTestId("code-status")).toHaveText("Generated");
});
