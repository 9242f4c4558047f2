// The language selector's menu (layout/LangSelect loads it): antd's Dropdown around the same
// button. spec §1, §9: switching does not reload; the cookie keeps the choice.
import { TranslationOutlined } from "@ant-design/icons";
import { Dropdown } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellMessage } from "../app/shell-message";
import { setLanguage } from "../i18n/i18n";
import { LANGUAGES, type Language } from "../settings";

/** Each language names itself. */
const NATIVE: Readonly<Record<Language, string>> = { zh: "中文", en: "English", es: "Español", ja: "日本語" };

export interface LangMenuProps {
  readonly className: string;
  /** The button was clicked before the menu had loaded: it opens at once. */
  readonly initiallyOpen: boolean;
  /** The button had the focus before the menu had loaded: this one takes it. */
  readonly focus: boolean;
}

export function LangMenu({ className, initiallyOpen, focus }: LangMenuProps) {
  const { t, i18n } = useTranslation();
  const message = useShellMessage();
  const [open, setOpen] = useState(initiallyOpen);
  const items = LANGUAGES.map((language) => ({
    key: language,
    label: NATIVE[language],
    disabled: language === i18n.language,
  }));
  return (
    <Dropdown
      trigger={["click"]}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items,
        selectedKeys: [i18n.language],
        onClick: ({ key }) => {
          // A language part that fails to load reaches the error log (unhandledrejection).
          void setLanguage(key as Language).then(() => message.success(i18n.t("shell.navbar.switchLanguageSuccess")));
        },
      }}
    >
      <button
        type="button"
        className={className}
        aria-label={t("shell.navbar.language")}
        data-language={i18n.language}
        autoFocus={focus}
      >
        <TranslationOutlined />
      </button>
    </Dropdown>
  );
}
