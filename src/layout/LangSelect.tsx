// spec §1, §9 language selector. Its menu (antd's Dropdown and Menu, about 25 KB) is its own chunk
// (layout/LangMenu), loaded when the pointer or the focus comes to the button, or at the latest
// when it is clicked (then the menu opens as it loads): the login and the public scan pages paint
// without it. The button looks and reads the same before and after.
import { TranslationOutlined } from "@ant-design/icons";
import { useRef, useState, type ComponentType } from "react";
import { loadComponent, loadedComponent } from "../app/use-loaded-component";
import { useTranslation } from "react-i18next";
import { addErrorLog } from "../state/error-log-store";
import type { LangMenuProps } from "./LangMenu";

const MENU = "layout/LangMenu";
const loadMenu = () =>
  loadComponent<LangMenuProps>(MENU, () => import("./LangMenu").then((module) => ({ default: module.LangMenu })));

export function LangSelect({ className = "navbar-item" }: { readonly className?: string }) {
  const { t, i18n } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const clicked = useRef(false);
  const [menu, setMenu] = useState<
    { readonly Menu: ComponentType<LangMenuProps>; readonly open: boolean; readonly focus: boolean } | undefined
  >(() => {
    const Menu = loadedComponent<LangMenuProps>(MENU);
    return Menu && { Menu, open: false, focus: false };
  });
  if (menu) return <menu.Menu className={className} initiallyOpen={menu.open} focus={menu.focus} />;

  const load = () =>
    loadMenu().then(
      (Menu) => setMenu({ Menu, open: clicked.current, focus: document.activeElement === button.current }),
      (error: unknown) => addErrorLog(error, "loading the language menu"),
    );
  return (
    <button
      ref={button}
      type="button"
      className={className}
      aria-label={t("shell.navbar.language")}
      data-language={i18n.language}
      // load() handles its own failure (the error log), so nothing waits on it.
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => {
        clicked.current = true;
        void load();
      }}
    >
      <TranslationOutlined />
    </button>
  );
}
