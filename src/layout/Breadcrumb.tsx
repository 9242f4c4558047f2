// spec §2: the dashboard (首页) is the breadcrumb root; then the page's groups and the page, named as
// its tab is (layout/breadcrumb-trail). On a phone the navbar holds one line: the page's name only.
import { Breadcrumb as AntBreadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { PATHS } from "../settings";
import { appStore } from "../state/app-store";
import { useStore } from "../state/create-store";
import { pageName, useViewTitle } from "../state/view-titles";
import { breadcrumbTrail, DASHBOARD_TITLE_KEY, namedByView } from "./breadcrumb-trail";
import { matchPage } from "./page-table";
import { useShellRoutes } from "./shell-routes";

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname: shown } = useLocation();
  const { pages, index } = useShellRoutes();
  const mobile = useStore(appStore, (s) => s.device === "mobile");
  // 刷新 passes through /redirect/<page> for a moment: the trail stays the page's.
  const pathname = shown.startsWith(`${PATHS.redirect}/`) ? shown.slice(PATHS.redirect.length) : shown;
  const page = matchPage(pages, pathname)?.page;
  const viewTitle = useViewTitle(pathname);
  const steps: { readonly name: string; readonly to?: string }[] = page
    ? breadcrumbTrail(page, pages, index.byName).map((step) => ({ name: t(step.titleKey), to: step.to }))
    : [];
  if (page && namedByView(page)) {
    const name = pageName(t, page.meta.titleKey, viewTitle);
    if (name !== steps.at(-1)?.name) steps.push({ name });
  }
  const dashboard = t(DASHBOARD_TITLE_KEY);
  const items = [
    { key: "root", title: steps.length ? <Link to={PATHS.dashboard}>{dashboard}</Link> : dashboard },
    ...steps.map((step, i) => ({ key: `${i}`, title: step.to ? <Link to={step.to}>{step.name}</Link> : step.name })),
  ];
  return <AntBreadcrumb className="app-breadcrumb" items={mobile ? items.slice(-1) : items} />;
}
