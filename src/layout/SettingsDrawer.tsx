// The settings panel's drawer (spec §2, §9): theme colour, tags view, fixed header, sidebar logo.
// Loaded when first opened; every change is kept across reloads (state/settings-store).
import { Drawer, Switch } from "antd";
import { useTranslation } from "react-i18next";
import type { UiSettings } from "../settings";
import { useStore } from "../state/create-store";
import { changeSetting, settingsStore } from "../state/settings-store";
import { ThemePicker } from "./ThemePicker";

type Toggle = "tagsView" | "fixedHeader" | "sidebarLogo" | "errorLogInDev";

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
}

export default function SettingsDrawer({ open, onClose }: Props) {
  const { t } = useTranslation();
  const settings = useStore(settingsStore);
  // The error log is always on in production; development can switch it (spec §8).
  const toggles: Toggle[] = [
    "tagsView",
    "fixedHeader",
    "sidebarLogo",
    ...(import.meta.env.DEV ? (["errorLogInDev"] as const) : []),
  ];
  return (
    <Drawer open={open} onClose={onClose} title={t("shell.settings.title")} width={280}>
      <div className="drawer-item">
        <span>{t("shell.settings.theme")}</span>
        <ThemePicker />
      </div>
      {toggles.map((key) => (
        <div className="drawer-item" key={key}>
          <span>{t(`shell.settings.${key}`)}</span>
          <Switch
            className="drawer-switch"
            data-setting={key}
            checked={settings[key as keyof UiSettings] as boolean}
            onChange={(value) => changeSetting(key, value)}
          />
        </div>
      ))}
    </Drawer>
  );
}
