// 码查询: one code — its state, level, product, lot, dates, work order, line, team and materials,
// the packages around it up to the pallet with where it went beside them (waybill, dealer, ship
// time, warehouse), and its timeline from the ledger, oldest first. A
// mistyped code answers a format error (check character), an unknown one "no such code".
// An override because the manifest cannot yet declare a screen over a call's projection (it would
// need a "lookup" screen kind: an input, a call, and sections of the answer).
import { Alert, App, Button, Card, Col, Descriptions, Empty, Row, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ApiError } from "../api/http-client";
import { codeDetail, epcisExport, type CodeDetailData } from "../api/generated/calls.gen";
import { saveFile } from "../utils/save-file";
import { CodeLogistics } from "./chain-lookup/CodeLogistics";
import { CodeQr } from "./chain-lookup/CodeQr";
import { CodeSearch } from "./chain-lookup/CodeSearch";
import { CodeTimeline } from "./chain-lookup/CodeTimeline";
import { materialsOfWorkOrder, PACKAGE_LOOKUP_PATH } from "./chain-lookup/lookup-paths";
import { ParentChain } from "./chain-lookup/ParentChain";
import { useCodeLookup } from "./chain-lookup/use-code-lookup";

function DetailDescriptions({ detail }: { detail: CodeDetailData }) {
  const { t } = useTranslation();
  const codeField = (name: string) => t(`resource.trace_codes.fields.${name}`);
  const orderField = (name: string) => t(`resource.production_orders.fields.${name}`);
  const items = [
    { label: codeField("code"), children: detail.code },
    { label: t("overrides.chainLookup.url"), children: <CodeQr url={detail.url} /> },
    {
      label: codeField("status"),
      children: detail.status && <Tag data-testid="code-status">{t(`enum.code_status.${detail.status}`)}</Tag>,
    },
    { label: codeField("code_type"), children: detail.level && t(`enum.code_type.${detail.level}`) },
    { label: codeField("product_id"), children: detail.product?.name },
    { label: codeField("batch_no"), children: detail.lot },
    { label: orderField("production_date"), children: detail.production_date },
    { label: orderField("expiry_date"), children: detail.expiry_date },
    { label: codeField("work_order_id"), children: detail.work_order?.name },
    { label: orderField("line_id"), children: detail.line?.name },
    { label: orderField("team_id"), children: detail.team?.name },
    {
      label: t("overrides.chainLookup.materials"),
      children: (
        <>
          {detail.materials.map((m) => `${m.material ?? "?"} (${m.material_batch_no ?? "-"})`).join(", ")}
          {detail.work_order && (
            <>
              {" "}
              <Link to={materialsOfWorkOrder(detail.work_order.id)}>{t("overrides.chainLookup.materialRecords")}</Link>
            </>
          )}
        </>
      ),
    },
    ...(detail.void_reason ? [{ label: codeField("void_reason"), children: detail.void_reason }] : []),
    ...(detail.replaced_by ? [{ label: codeField("replaced_by"), children: detail.replaced_by }] : []),
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

/** The code's chain (with the packages above it) as an EPCIS 2.0 document, saved as <code>-epcis.json. */
function EpcisButton({ code }: { code: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const document = await epcisExport({ code });
      saveFile(new Blob([JSON.stringify(document, null, 2)], { type: "application/json" }), `${code}-epcis.json`);
    } catch (error) {
      if (!(error instanceof ApiError && error.sessionEnded))
        message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button data-testid="epcis-export" loading={running} onClick={() => void run()}>
      {t("overrides.chainLookup.epcis")}
    </Button>
  );
}

export default function CodeLookup() {
  const { t } = useTranslation();
  const lookup = useCodeLookup((code, signal) => codeDetail({ code }, signal));
  const detail = lookup.data;
  return (
    <Card title={t("menu.codequery")} extra={detail && <EpcisButton code={detail.code} />}>
      <Space direction="vertical" style={{ width: "100%" }} size="large">
        <CodeSearch code={lookup.code} loading={lookup.loading} onSearch={lookup.search} />
        {lookup.error && <Alert type="error" showIcon message={lookup.error} data-testid="lookup-error" />}
        {!lookup.code && <Empty description={t("overrides.chainLookup.prompt")} />}
        {detail && (
          <>
            <DetailDescriptions detail={detail} />
            <Row gutter={[16, 16]}>
              <Col xs={24} md={12}>
                <Card size="small" title={t("overrides.chainLookup.parents")} style={{ height: "100%" }}>
                  <ParentChain parents={detail.parents} packagePath={PACKAGE_LOOKUP_PATH} />
                </Card>
              </Col>
              <Col xs={24} md={12}>
                <Card size="small" title={t("overrides.chainLookup.logistics")} style={{ height: "100%" }}>
                  <CodeLogistics logistics={detail.logistics} />
                </Card>
              </Col>
            </Row>
            <Card size="small" title={t("overrides.chainLookup.timeline")}>
              <CodeTimeline events={detail.timeline} />
            </Card>
          </>
        )}
      </Space>
    </Card>
  );
}
