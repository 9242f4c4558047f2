// spec §2 size selector: default, medium, small, mini, kept in a cookie.
import { ColumnHeightOutlined } from "@ant-design/icons";
import { App, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { SIZES, type SizeName } from "../settings";
import { appStore, setSize } from "../state/app-store";
import { useStore } from "../state/create-store";

export function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const size = useStore(appStore, (s) => s.size);
  const items = SIZES.map((name) => ({ key: name, label: t(`shell.sizes.${name}`), disabled: name === size }));
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items,
        selectedKeys: [size],
        onClick: ({ key }) => {
          setSize(key as SizeName);
          void message.success(t("shell.navbar.switchSizeSuccess"));
        },
      }}
    >
      <button type="button" className="navbar-item" aria-label={t("shell.navbar.size")} data-size={size}>
        <ColumnHeightOutlined />
      </button>
    </Dropdown>
  );
}
