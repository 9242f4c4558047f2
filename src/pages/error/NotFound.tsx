// spec §2 /404: any unknown path lands here.
import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { usePageTitle } from "../../layout/use-page-title";

const NO_PAGES: never[] = [];

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(NO_PAGES, "shell.route.notFound");
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <div className="error-headline">{t("shell.notFound.headline")}</div>
          <div>{t("shell.notFound.info")}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate("/")}>
          {t("shell.notFound.backHome")}
        </Button>
      }
    />
  );
}
