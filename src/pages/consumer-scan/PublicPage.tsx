// The frame of the public consumer scan pages (spec §2): no console shell, no token, phone first.
// The title is the route's plus the system title, as on every route; the language is the shell's.
import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LangSelect } from "../../layout/LangSelect";
import { usePageTitle } from "../../layout/use-page-title";
import { PATHS } from "../../settings";
import "./consumer-scan.css";

const NO_PAGES: never[] = [];

export function PublicPage({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(NO_PAGES, "consumerScan.route.title");
  return (
    <div className="public-scan">
      <header className="public-scan-header">
        <Link to={PATHS.consumerScan} className="public-scan-brand">
          <SafetyCertificateOutlined aria-hidden />
          <span>{t("consumerScan.route.title")}</span>
        </Link>
        <LangSelect className="public-scan-lang" />
      </header>
      <main className="public-scan-main">{children}</main>
    </div>
  );
}
