// spec §2: page title = route title plus the system title.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";
import { SYSTEM_TITLE } from "../settings";
import { matchPage, type PageDef } from "./page-table";
import { viewTitleText } from "../screen-kit/screen-host";
import { useViewTitle } from "../state/view-titles";

export const pageTitle = (title: string | undefined): string => (title ? `${title} - ${SYSTEM_TITLE}` : SYSTEM_TITLE);

export function usePageTitle(pages: readonly PageDef[], fallbackKey?: string): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const key = matchPage(pages, pathname)?.page.meta.titleKey ?? fallbackKey;
  // A create, edit or detail page says what it shows, as its tab does.
  const view = useViewTitle(pathname);
  useEffect(() => {
    document.title = pageTitle(view ? viewTitleText(t, view) : key ? t(key) : undefined);
  }, [key, view, t, i18n.language]);
}
