// The login footer: the enterprise's ICP record from the no-auth ICP call (spec §7).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../api/http-client";
import { API, ENTERPRISE_CODE } from "../../settings";

interface IcpInfo {
  readonly icp_record?: string;
  readonly icp_url?: string;
  readonly enterprise_name?: string;
}

export function IcpFooter() {
  const { t } = useTranslation();
  const [icp, setIcp] = useState<IcpInfo | null>(null);
  useEffect(() => {
    let live = true;
    request<IcpInfo | null>({ method: "GET", path: API.icp, query: { enterprise_code: ENTERPRISE_CODE } })
      .then((info) => live && setIcp(info ?? {}))
      .catch(() => live && setIcp({}));
    return () => {
      live = false;
    };
  }, []);
  if (!icp) return <footer className="login-footer" />;
  return (
    <footer className="login-footer" data-testid="icp-footer">
      {icp.enterprise_name && <span>© {icp.enterprise_name}</span>}
      {icp.icp_record ? (
        <a href={icp.icp_url || "https://beian.miit.gov.cn/"} target="_blank" rel="noopener noreferrer">
          {icp.icp_record}
        </a>
      ) : (
        <span>{t("shell.login.icpFallback")}</span>
      )}
    </footer>
  );
}
