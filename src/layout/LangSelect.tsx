// spec §1, §9 language selector: switching does not reload; the cookie keeps the choice.
import { TranslationOutlined } from "@ant-design/icons";
import { App, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../i18n/i18n";
import { LANGUAGES, type Language } from "../settings";

/** Each language names itself. */
const NATIVE: Readonly<Record<Language, string>> = { zh: "中文", en: "English", es: "Español", ja: "日本語" };

export function LangSelect({ className = "navbar-item" }: { readonly className?: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const items = LANGUAGES.map((language) => ({
    key: language,
    label: NATIVE[language],
    disabled: language === i18n.language,
  }));
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items,
        selectedKeys: [i18n.language],
        onClick: async ({ key }) => {
          await setLanguage(key as Language);
          void message.success(i18n.t("shell.navbar.switchLanguageSuccess"));
        },
      }}
    >
      <button type="button" className={className} aria-label={t("shell.navbar.language")} data-language={i18n.language}>
        <TranslationOutlined />
      </button>
    </Dropdown>
  );
}
