// The dashboard (首页): the pinned, uncached first tab with the day's figures and the last seven days.
import { Alert, Card, Col, Row, Skeleton, Statistic } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dashboardToday } from "../../api/generated/calls.gen";
import { FIGURES, type DashboardToday } from "./dashboard-data";
import { figuresAheadIfCome, takeFiguresAhead } from "./figures-ahead";
import { setBusinessZone, zoneLabel } from "../../utils/business-time";
import { TrendChart } from "./TrendChart";
import "./dashboard.css";

export default function Dashboard() {
  const { t } = useTranslation();
  // After a sign-in the figures were asked for with it (figures-ahead): shown in the first render.
  const [data, setData] = useState<DashboardToday | null>(() => figuresAheadIfCome() ?? null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The figures are of the enterprise's business day, the same for every viewer.
    (takeFiguresAhead() ?? dashboardToday())
      .then((today) => {
        setBusinessZone(today.time_zone);
        if (live) setData(today);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, []);

  if (error) return <Alert type="error" showIcon message={t("shell.dashboard.loadFailed")} description={error} />;
  if (!data) return <Skeleton active />;
  // The zone is named where the viewer's clock differs from the business one on that day.
  const label = zoneLabel(Date.parse(`${data.today}T12:00:00Z`), data.time_zone);
  return (
    <div className="dashboard">
      <p className="dashboard-business-day" data-testid="dashboard-business-day">
        {t("shell.dashboard.businessDay", { day: data.today })}
        {label && <span className="dashboard-zone"> ({label})</span>}
      </p>
      <Row gutter={[16, 16]}>
        {FIGURES.map((figure) => (
          <Col key={figure.key} xs={12} sm={12} lg={Math.floor(24 / FIGURES.length) as 4}>
            <Card className="dashboard-figure" data-figure={figure.key} style={{ borderTopColor: figure.color }}>
              <Statistic title={t(figure.label)} value={data[figure.key]} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card className="dashboard-trend" title={t("shell.dashboard.last7Days")}>
        <TrendChart days={data.last7days ?? []} />
      </Card>
    </div>
  );
}
