// spec §2 /auth-redirect: the end of a third-party login window; hands the result to the opener.
import { Spin } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { PATHS } from "../settings";

export default function AuthRedirect() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const hash = search.slice(1);
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      opener.location.href = `${window.location.origin}${PATHS.login}#${hash}`;
      window.close();
    } else {
      navigate(PATHS.login, { replace: true });
    }
  }, [search, navigate]);
  return <Spin fullscreen tip={t("shell.authRedirect.text")} />;
}
