import { MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { appStore, toggleSidebar } from "../state/app-store";
import { useStore } from "../state/create-store";

export function Hamburger() {
  const { t } = useTranslation();
  const opened = useStore(appStore, (s) => s.sidebar.opened);
  const Icon = opened ? MenuFoldOutlined : MenuUnfoldOutlined;
  return (
    <button
      type="button"
      className="hamburger"
      aria-label={t("shell.navbar.hamburger")}
      aria-expanded={opened}
      onClick={toggleSidebar}
    >
      <Icon />
    </button>
  );
}
