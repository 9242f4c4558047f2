// spec §2 avatar dropdown: Profile, Log Out (through refine's useLogout → authProvider.logout, spec §4).
import { UserOutlined } from "@ant-design/icons";
import { useLogout } from "@refinedev/core";
import { App, Avatar, Dropdown } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PATHS } from "../settings";
import { useStore } from "../state/create-store";
import { dirtyFormsStore } from "../state/dirty-forms";
import { userStore } from "../state/user-store";
import { confirmDiscard } from "./confirm-discard";

export function AvatarDropdown() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const name = useStore(userStore, (u) => u.name);
  const avatar = useStore(userStore, (u) => u.avatar);
  const { mutateAsync: logout } = useLogout();
  const { modal } = App.useApp();
  const menu = useMemo(
    () => ({
      items: [
        { key: "profile", label: t("shell.navbar.profile") },
        { type: "divider" as const },
        { key: "logout", label: t("shell.navbar.logOut") },
      ],
      onClick: async ({ key }: { key: string }) => {
        if (key === "profile") navigate(PATHS.profileIndex);
        else if (key === "logout") {
          if (!(await confirmDiscard(modal, t, i18n.language))) return; // unsaved form input: ask first
          dirtyFormsStore.set(new Set());
          // The login replaces the page in the history, as before; refine would push its redirectTo.
          await logout({ redirectPath: false });
          navigate(PATHS.login, { replace: true });
        }
      },
    }),
    [t, i18n.language, navigate, logout, modal],
  );
  return (
    <Dropdown trigger={["click"]} menu={menu}>
      <button type="button" className="avatar-wrapper" aria-label={name} data-testid="avatar">
        <Avatar shape="square" size={32} src={avatar || undefined} icon={avatar ? undefined : <UserOutlined />} />
        <span className="avatar-name">{name}</span>
      </button>
    </Dropdown>
  );
}
