// A report: a date range and the other dimensions' filters, a chart of the first measure beside the grouped table.
// The chart (@ant-design/plots) loads lazily, report screens only; until it arrives, and wherever
// scripts cannot draw it, the plain bar list stands in.
import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Card, Col, DatePicker, Form, Row as Grid, Table, type TableColumnType } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { RecordLike } from "../fields/display-value";
import { BarChart } from "./BarChart";
import { ExportRecordsButton } from "./ExportRecordsButton";
import { FilterForm } from "./FilterForm";
import type { FilterValues } from "./filter-values";
import { fieldColumns, type Row } from "./list-columns";
import { DATE_RANGE, dimensionLabel, filterDimensions, reportFilters, toBars } from "./report-data";
import { valueText } from "../../utils/value-text";
import { buttonFor } from "./screen-buttons";
import type { ScreenConfig } from "../../../schema/contract/screen-config";

const ReportChart = lazy(() => import("./ReportChart"));

export function ReportScreen({ config }: { config: ScreenConfig }) {
  const { t } = useTranslation();
  const report = config.report ?? { dimensions: [], measures: [] };
  // The report call accepts an exact-value filter on every dimension.
  const dimensions = config.fields
    .filter((field) => report.dimensions.includes(field.name))
    .map((field) => ({ ...field, filter: "eq" as const }));
  const filtered = filterDimensions(report.dateField, dimensions);
  const sortable = config.fields.some((field) => field.name === config.defaultSort.field && field.sortable);
  const { tableProps, searchFormProps, filters, sorters } = useTable<Row, HttpError, FilterValues>({
    resource: config.resource,
    pagination: { mode: config.paged ? "server" : "off" },
    sorters: { mode: "server", initial: sortable ? [{ ...config.defaultSort }] : [] },
    filters: { defaultBehavior: "replace", mode: "server" },
    onSearch: (values) => reportFilters(report.dateField, filtered, values),
  });
  const measureColumns: TableColumnType<Row>[] = report.measures
    .filter((measure) => !config.fields.some((field) => field.name === measure.name))
    .map((measure) => ({ key: measure.name, dataIndex: measure.name, title: t(measure.labelKey), align: "right" }));
  const [first] = report.measures;
  const rows: readonly RecordLike[] = tableProps.dataSource ?? [];
  const bars = first ? toBars(rows, (row) => dimensionLabel(row, dimensions, t), first.name) : [];
  const exportButton = buttonFor(config, "export");
  const dateRange = report.dateField && (
    <Col xs={24} sm={12} md={8} xl={6}>
      <Form.Item name={DATE_RANGE} label={t("screens.report.dateRange")} style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker style={{ width: "100%" }} />
      </Form.Item>
    </Col>
  );
  return (
    <Card
      title={t(config.titleKey)}
      extra={
        exportButton && (
          <ExportRecordsButton config={config} button={exportButton} filters={filters} sorters={sorters} />
        )
      }
    >
      <FilterForm fields={filtered} formProps={searchFormProps} leading={dateRange} />
      <Grid gutter={16}>
        {first && (
          <Col xs={24} xl={10}>
            <Suspense fallback={<BarChart title={t(first.labelKey)} bars={bars} />}>
              <ReportChart title={t(first.labelKey)} bars={bars} />
            </Suspense>
          </Col>
        )}
        <Col xs={24} xl={first ? 14 : 24}>
          <Table<Row>
            {...tableProps}
            rowKey={(row) => valueText(row.id ?? report.dimensions.map((name) => valueText(row[name])).join("|"))}
            columns={[...fieldColumns(config.fields, sorters, t), ...measureColumns]}
            scroll={{ x: "max-content" }}
            size="small"
          />
        </Col>
      </Grid>
    </Card>
  );
}
