// The login footer: the enterprise's ICP record from the no-auth ICP call (spec §7).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { enterpriseIcp, type EnterpriseIcpData } from "../../api/generated/calls.gen";
import { ENTERPRISE_CODE } from "../../settings";

type IcpInfo = Partial<EnterpriseIcpData>;

export function IcpFooter() {
  const { t } = useTranslation();
  const [icp, setIcp] = useState<IcpInfo | null>(null);
  useEffect(() => {
    let live = true;
    enterpriseIcp({ enterprise_code: ENTERPRISE_CODE })
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
