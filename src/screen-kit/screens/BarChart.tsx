// A plain bar chart of one measure: one labelled Progress bar per row (no chart library).
import { Col, Empty, Progress, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../utils/format-number";
import type { Bar } from "./report-data";

export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {bars.length === 0 && <Empty description={t("screens.report.noData")} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {bars.map((bar) => (
        <Row key={bar.key} gutter={8} align="middle" wrap>
          <Col xs={24} sm={8} md={6}>
            <Typography.Text ellipsis={{ tooltip: bar.label }}>{bar.label}</Typography.Text>
          </Col>
          <Col xs={24} sm={16} md={18}>
            <Progress
              aria-label={bar.label}
              percent={bar.percent}
              format={() => formatNumber(bar.value, i18n.language)}
              strokeLinecap="square"
            />
          </Col>
        </Row>
      ))}
    </section>
  );
}
