// antd's ConfigProvider driven by the shell's state: colorPrimary from the theme picker, size and
// compact algorithm from the size selector, locale from the language; then antd's <App>.
import { App as AntApp, ConfigProvider, theme as antdTheme } from "antd";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ANTD_LOCALES } from "../i18n/antd-locale";
import { antdSize } from "../layout/size-map";
import { themeVariables } from "../layout/theme-colors";
import { MESSAGE_DURATION_S, type Language } from "../settings";
import { appStore } from "../state/app-store";
import { useStore } from "../state/create-store";
import { settingsStore } from "../state/settings-store";

/** Users who ask their system for less motion get antd without animations. */
const reducedMotion = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export function ThemeRoot({ children }: { readonly children: ReactNode }) {
  const { i18n } = useTranslation();
  const colorPrimary = useStore(settingsStore, (s) => s.theme);
  const size = antdSize(useStore(appStore, (s) => s.size));

  useEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(themeVariables(colorPrimary))) style.setProperty(name, value);
  }, [colorPrimary]);

  return (
    <ConfigProvider
      locale={ANTD_LOCALES[i18n.language as Language] ?? ANTD_LOCALES.en}
      componentSize={size.componentSize}
      theme={{
        token: { colorPrimary, motion: !reducedMotion },
        algorithm: size.compact ? [antdTheme.compactAlgorithm] : [antdTheme.defaultAlgorithm],
      }}
    >
      <AntApp message={{ duration: MESSAGE_DURATION_S, maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
