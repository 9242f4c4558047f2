// The login page's markup, rendered on the server (no DOM here): what a person and a screen reader
// get, and that no antd form element is left. Its checks (when which error shows) are
// login-form-state's tests; the page in a browser is tests/e2e/shell/login.spec.ts.
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadMessagePart } from "../../i18n/messages";
import Login from "./Login";

// The page asks the auth provider whether it is signed in (after mounting) and signs in on submit:
// neither happens in a server render, and neither is what is tested here.
vi.mock("./use-sign-in", () => ({
  useSignIn: () => ({ signIn: () => undefined, loading: false }),
  useSignedInAlready: () => undefined,
}));

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    // Only the public part of each language: what /login has before the console loads.
    resources: {
      en: { translation: await loadMessagePart("en", "public") },
      zh: { translation: await loadMessagePart("zh", "public") },
    },
    interpolation: { escapeValue: false },
  });
});

async function render(language: "en" | "zh", path = "/login"): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Login />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("the login page (spec §2 /login)", () => {
  it("names every control, as the browser tests find them", async () => {
    const html = await render("en");
    const control = (label: string) =>
      html.match(new RegExp(`<(input|select)[^>]*aria-label="${label}"[^>]*>`))?.[0] ?? "";
    expect(control("Account name")).toContain('autoComplete="username"');
    expect(control("Account name")).toContain("autofocus");
    expect(control("Password")).toContain('type="password"');
    expect(control("Password")).toContain('autoComplete="current-password"');
    expect(control("Account type")).toMatch(/^<select/);
    expect(html).toMatch(/<button type="submit"[^>]*><span>Log in<\/span><\/button>/);
    // The eye's name is its text, not a label, so getByLabel("Password") finds the box alone.
    expect(html).toContain('aria-pressed="false"><span aria-hidden="true">');
    expect(html).toContain(">Show password</span>");
  });

  it("offers the account types, in the manifest's order, the first chosen", async () => {
    const html = await render("en");
    const options = [...html.matchAll(/<option value="([^"]+)"( selected="")?>([^<]+)<\/option>/g)].map((m) => [
      m[1],
      m[3],
      !!m[2],
    ]);
    expect(options.slice(0, 2)).toEqual([
      ["enterprise", "Enterprise account", true],
      ["factory", "Factory account", false],
    ]);
  });

  it("spaces the two-character Chinese button as antd's Button did", async () => {
    const html = await render("zh");
    expect(html).toContain("<span>登 录</span>");
    expect(html).toMatch(/aria-label="账号"/);
  });

  it("shows the session-ended line only after an ended session", async () => {
    expect(await render("en")).not.toContain("login-session-ended");
    const html = await render("en", "/login?redirect=%2Fstore&session=ended");
    expect(html).toMatch(/class="login-session-ended" role="alert">.*Your session has ended\. Please sign in again\./);
  });

  it("shows no error and no caps-lock hint before anything is checked, and no antd form element", async () => {
    const html = await render("en");
    expect(html).toContain('<span id="login_account_password_caps" role="status"></span>');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toMatch(/ant-(form|input|select|btn|alert|tooltip)/);
  });
});
