// The chart beside a report's table: one column per row of the report, the first measure's value
// (@ant-design/plots, antd's own charts). ReportScreen loads this file lazily, so the chart library
// is fetched only when a report screen opens, never with the login or the dashboard.
import { Column } from "@ant-design/plots";
import { Empty, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../utils/format-number";
import type { Bar } from "./report-data";

export default function ReportChart({ title, bars }: { readonly title: string; readonly bars: readonly Bar[] }) {
  const { t, i18n } = useTranslation();
  const figure = (value: unknown) => (typeof value === "number" ? formatNumber(value, i18n.language) : String(value));
  return (
    <section aria-label={title} data-report-chart style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {bars.length === 0 ? (
        <Empty description={t("screens.report.noData")} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Column
          data={bars.map((bar) => ({ label: bar.label, value: bar.value }))}
          xField="label"
          yField="value"
          height={260}
          autoFit
          axis={{ x: { labelAutoRotate: true, title: false }, y: { title: false, labelFormatter: figure } }}
          tooltip={{ title: "label", items: [{ field: "value", name: title, valueFormatter: figure }] }}
        />
      )}
    </section>
  );
}
