// spec §2: the dashboard (首页) is the breadcrumb root; then the page's groups and the page.
import { Breadcrumb as AntBreadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { PATHS } from "../settings";
import { matchPage } from "./page-table";
import { useShellRoutes } from "./shell-routes";

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname: shown } = useLocation();
  const { pages, index } = useShellRoutes();
  // 刷新 passes through /redirect/<page> for a moment: the trail stays the page's.
  const pathname = shown.startsWith(`${PATHS.redirect}/`) ? shown.slice(PATHS.redirect.length) : shown;
  const page = matchPage(pages, pathname)?.page;
  const keys = page
    ? [...page.ancestors.flatMap((name) => index.byName.get(name)?.meta.titleKey ?? []), page.meta.titleKey]
    : [];
  const trail = keys.filter((key, i) => key !== keys[i - 1] && key !== "shell.route.dashboard");
  const items = [
    {
      key: "root",
      title: trail.length ? <Link to={PATHS.dashboard}>{t("shell.route.dashboard")}</Link> : t("shell.route.dashboard"),
    },
    ...trail.map((key) => ({ key, title: t(key) })),
  ];
  return <AntBreadcrumb className="app-breadcrumb" items={items} />;
}
