// antd's ConfigProvider driven by the shell's state: the theme picker's cluster in antd's colour
// tokens over antd's own colours made readable (WCAG 4.5:1), size and compact algorithm from the
// size selector, locale from the language; the text style antd's <App> gives its children. antd's
// <App> itself (its message, modal and notification) is the signed-in console's (app/ConsoleRoot);
// the public pages' messages load with the first one (app/PublicMessageHost).
import { ConfigProvider, theme as antdTheme } from "antd";
import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { antdLocale } from "../i18n/antd-locale";
import { antdSize } from "../layout/size-map";
import { readableTokens } from "../layout/readable-tokens";
import { antdThemeTokens, themeVariables } from "../layout/theme-colors";
import type { Language } from "../settings";
import { appStore } from "../state/app-store";
import { useStore } from "../state/create-store";
import { settingsStore } from "../state/settings-store";
import { PublicMessageHost } from "./PublicMessageHost";

/** Users who ask their system for less motion get antd without animations. */
const reducedMotion = typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** Fixed for the session: antd's status, preset and secondary text colours at a readable contrast. */
const READABLE = readableTokens();

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
        token: { ...READABLE, ...colours, motion: !reducedMotion },
        algorithm: size.compact ? [antdTheme.compactAlgorithm] : [antdTheme.defaultAlgorithm],
      }}
    >
      <TextRoot>
        <PublicMessageHost />
        {children}
      </TextRoot>
    </ConfigProvider>
  );
}

/** What antd's <App> sets on its element (its style hook's base), without loading <App>. */
function TextRoot({ children }: { readonly children: ReactNode }) {
  const { token } = antdTheme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return (
    <div className="app-root" style={style}>
      {children}
    </div>
  );
}
