// Theme colour (spec §9 default #1890ff): antd reads it as colorPrimary, our CSS as the cluster variables.
import { ColorPicker } from "antd";
import { useTranslation } from "react-i18next";
import { useStore } from "../state/create-store";
import { changeSetting, settingsStore } from "../state/settings-store";

/** The original's predefined colours. */
const PRESETS = ["#409EFF", "#1890ff", "#304156", "#212121", "#11a983", "#13c2c2", "#6959CD", "#f5222d"];

export function ThemePicker() {
  const { t } = useTranslation();
  const theme = useStore(settingsStore, (s) => s.theme);
  return (
    <ColorPicker
      value={theme}
      disabledAlpha
      presets={[{ label: t("shell.settings.theme"), colors: PRESETS }]}
      onChangeComplete={(color) => changeSetting("theme", color.toHexString())}
      aria-label={t("shell.settings.theme")}
    />
  );
}
