// spec §2 avatar dropdown: Profile, Log Out.
import { UserOutlined } from "@ant-design/icons";
import { Avatar, Dropdown } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PATHS } from "../settings";
import { useStore } from "../state/create-store";
import { logout } from "../api/session";
import { userStore } from "../state/user-store";

export function AvatarDropdown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useStore(userStore, (u) => u.name);
  const avatar = useStore(userStore, (u) => u.avatar);
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
          await logout();
          navigate(PATHS.login, { replace: true });
        }
      },
    }),
    [t, navigate],
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
