// antd's ConfigProvider driven by the shell's state: the theme picker's cluster in antd's colour
// tokens, size and compact algorithm from the size selector, locale from the language; then antd's
// <App>, whose messages and notifications (refine's errors) stay 5 s (spec §8, §9).
import { App as AntApp, ConfigProvider, theme as antdTheme } from "antd";
import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { antdLocale } from "../i18n/antd-locale";
import { antdSize } from "../layout/size-map";
import { antdThemeTokens, themeVariables } from "../layout/theme-colors";
import { MESSAGE_DURATION_S, type Language } from "../settings";
import { appStore } from "../state/app-store";
import { useStore } from "../state/create-store";
import { settingsStore } from "../state/settings-store";

/** Users who ask their system for less motion get antd without animations. */
const reducedMotion = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

const MESSAGE_CONFIG = { duration: MESSAGE_DURATION_S, maxCount: 3 };
const NOTIFICATION_CONFIG = { duration: MESSAGE_DURATION_S };

export function ThemeRoot({ children }: { readonly children: ReactNode }) {
  const { i18n } = useTranslation();
  const theme = useStore(settingsStore, (s) => s.theme);
  const size = antdSize(useStore(appStore, (s) => s.size));
  const colours = useMemo(() => antdThemeTokens(theme), [theme]);

  useEffect(() => {
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(themeVariables(theme))) style.setProperty(name, value);
  }, [theme]);

  return (
    <ConfigProvider
      locale={antdLocale(i18n.language as Language)}
      componentSize={size.componentSize}
      theme={{
        token: { ...colours, motion: !reducedMotion },
        algorithm: size.compact ? [antdTheme.compactAlgorithm] : [antdTheme.defaultAlgorithm],
      }}
    >
      <AntApp message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
