// spec §2 /401: a known page the user may not open.
import { Button, Result, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { usePageTitle } from "../../layout/use-page-title";

const NO_PAGES: never[] = [];

export default function Unauthorized() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(NO_PAGES, "shell.route.unauthorized");
  return (
    <Result
      status="403"
      title="401"
      subTitle={t("shell.unauthorized.headline")}
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>{t("shell.unauthorized.back")}</Button>
          <Button type="primary" onClick={() => navigate("/")}>
            {t("shell.unauthorized.backHome")}
          </Button>
        </Space>
      }
    />
  );
}
