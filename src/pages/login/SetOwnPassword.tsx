// An account holding an administrator-given password (the initial one, a reset) sets
// its own before anything else; the guard sends it here, and here it returns to where it went.
import { Alert, Card } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { usePageTitle } from "../../layout/use-page-title";
import { PATHS } from "../../settings";
import { getToken } from "../../api/session-cookies";
import { ChangePassword } from "../profile/ChangePassword";
import { loginTarget } from "./login-target";
import "./login.css";

export default function SetOwnPassword() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle([], "shell.profile.mustChangeTitle");
  if (!getToken()) return <Navigate to={PATHS.login} replace />;
  return (
    <div className="login-container">
      <Card title={t("shell.profile.mustChangeTitle")} style={{ maxWidth: 480, margin: "10vh auto 0" }}>
        <Alert type="warning" showIcon message={t("shell.profile.mustChangeHint")} style={{ marginBottom: 16 }} />
        <ChangePassword onChanged={() => navigate(loginTarget(location.search), { replace: true })} />
      </Card>
    </div>
  );
}
