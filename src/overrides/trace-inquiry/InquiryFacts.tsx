// 信息查询's answer beside the timeline: the code's state and product, the dealer and waybill it is
// attributed to with the regions that dealer may sell in, where the inspector stands, and the
// warnings raised on the code (the open ones first, as alerts).
import { Alert, Descriptions, Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { TraceInquiryData } from "../../api/generated/calls.gen";
import { Permission } from "../../permission/Permission";

type Region = { readonly code: string; readonly name: string | null } | null;
type Warning = TraceInquiryData["warnings"][number];

export const WARNING_LIST_PATH = "/queryconsumerwarning";
/** 稽查记录's create form and the permission code of its button (manifest menu inspectrecord). */
const INSPECTION_FORM_PATH = "/inspectrecord/create";
const RECORD_INSPECTION_BUTTON = "inspectrecord_add";

/** The inspection form filled in for `warning`: its code, the dealer the code is attributed to, the inspector's position. */
export function inspectionFormPath(warning: Pick<Warning, "id">, data: TraceInquiryData): string {
  const values: Record<string, string> = { warning_id: String(warning.id), code: data.detail.code };
  if (data.attribution?.dealer) values.dealer_id = String(data.attribution.dealer.id);
  if (data.position) values.geo = data.position.geo;
  return `${INSPECTION_FORM_PATH}?${new URLSearchParams(values)}`;
}
const OPEN = new Set(["pending", "processing"]);

const regionText = (region: Region): string => (region ? (region.name ?? region.code) : "");
const time = (value: string | null): string => (value ? new Date(value).toLocaleString() : "");

export function InquiryFacts({ data }: { data: TraceInquiryData }) {
  const { t } = useTranslation();
  const { detail, attribution, position } = data;
  const field = (name: string) => t(`resource.code_traces.fields.${name}`);
  const items = [
    { label: field("code"), children: detail.code },
    {
      label: field("status"),
      children: detail.status && <Tag data-testid="code-status">{t(`enum.code_status.${detail.status}`)}</Tag>,
    },
    { label: field("product_id"), children: detail.product?.name },
    { label: field("batch_no"), children: detail.lot },
    { label: field("dealer_id"), children: <span data-testid="attributed-dealer">{attribution?.dealer?.name}</span> },
    { label: field("waybill_id"), children: attribution?.waybill?.name },
    { label: t("overrides.traceInquiry.shippedAt"), children: time(attribution?.shipped_at ?? null) },
    {
      label: t("overrides.traceInquiry.authorisedRegions"),
      children: (
        <span data-testid="authorised-regions">{attribution?.authorised_regions.map(regionText).join(", ")}</span>
      ),
    },
    {
      label: t("overrides.traceInquiry.position"),
      children: position && (
        <span data-testid="inspector-region">
          {regionText(position.region) || t("overrides.traceInquiry.outsideRegions")} ({position.geo})
        </span>
      ),
    },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      items={items.map((item, key) => ({ key, ...item }))}
    />
  );
}

export function OpenWarnings({ data }: { data: TraceInquiryData }) {
  const { t } = useTranslation();
  const open = data.warnings.filter((warning) => OPEN.has(warning.status));
  if (!open.length) return null;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {open.map((warning) => (
        <Alert
          key={warning.id}
          type="warning"
          showIcon
          data-testid="open-warning"
          message={t(`enum.warning_rule.${warning.rule}`)}
          description={t("overrides.traceInquiry.warningLine", {
            scans: warning.scan_count ?? 0,
            region: regionText(warning.region) || "-",
            since: time(warning.first_seen_at),
          })}
          action={
            <Space direction="vertical" size={4}>
              <Link to={`${WARNING_LIST_PATH}/show/${warning.id}`}>{t("overrides.traceInquiry.openWarning")}</Link>
              <Permission codes={[RECORD_INSPECTION_BUTTON]}>
                <Link to={inspectionFormPath(warning, data)} data-testid="record-inspection">
                  {t("overrides.traceInquiry.recordInspection")}
                </Link>
              </Permission>
            </Space>
          }
        />
      ))}
    </Space>
  );
}

export function WarningTable({ warnings }: { warnings: readonly Warning[] }) {
  const { t } = useTranslation();
  const label = (name: string) => t(`resource.consumer_warnings.fields.${name}`);
  return (
    <Table<Warning>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...warnings]}
      scroll={{ x: true }}
      columns={[
        { title: label("rule"), dataIndex: "rule", render: (rule: string) => t(`enum.warning_rule.${rule}`) },
        {
          title: label("status"),
          dataIndex: "status",
          render: (status: string) => <Tag>{t(`enum.warning_status.${status}`)}</Tag>,
        },
        { title: label("scan_count"), dataIndex: "scan_count" },
        { title: label("region_code"), dataIndex: "region", render: regionText },
        { title: label("first_seen_at"), dataIndex: "first_seen_at", render: time },
        { title: label("last_seen_at"), dataIndex: "last_seen_at", render: time },
        {
          title: label("verdict"),
          dataIndex: "verdict",
          render: (verdict: string | null) => verdict && t(`enum.inspection_result.${verdict}`),
        },
      ]}
    />
  );
}
