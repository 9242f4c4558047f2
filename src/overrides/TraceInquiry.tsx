// 信息查询: the inspector's look at one code in the market. They enter (or
// scan) a code and, if they wish, give their GPS position; the answer is the code's state, the
// dealer and waybill it is attributed to with the regions that dealer may sell in, where they stand,
// the open warnings, the packages around it, and one timeline: the ledger's events (inspections
// included) with the consumer scans among them, each with its region. Without a code, the list of
// codes (code_traces, a projection of the codes' state) with its filters and export.
// An override because the manifest cannot yet declare a screen over a call's projection.
import { AimOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { traceInquiry } from "../api/generated/calls.gen";
import { QueryScreen } from "../screen-kit/screens/QueryScreen";
import { useScreenConfig } from "../screen-kit/screen-tables";
import { CodeSearch } from "./chain-lookup/CodeSearch";
import { CodeTimeline } from "./chain-lookup/CodeTimeline";
import { PACKAGE_LOOKUP_PATH } from "./chain-lookup/lookup-paths";
import { ParentChain } from "./chain-lookup/ParentChain";
import { useCodeLookup } from "./chain-lookup/use-code-lookup";
import { InquiryFacts, OpenWarnings, WarningTable } from "./trace-inquiry/InquiryFacts";
import { usePosition } from "./trace-inquiry/use-position";

export default function TraceInquiry() {
  const { t } = useTranslation();
  const codeTracesConfig = useScreenConfig("code_traces");
  const position = usePosition();
  const lookup = useCodeLookup(
    (code, signal) => traceInquiry(position.geo ? { code, geo: position.geo } : { code }, signal),
    position.geo,
  );
  const data = lookup.data;
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      <Card title={t("menu.informationinquiry")}>
        <Space direction="vertical" style={{ width: "100%" }} size="large">
          <Space wrap>
            <CodeSearch code={lookup.code} loading={lookup.loading} onSearch={lookup.search} />
            <Button icon={<AimOutlined />} loading={position.locating} onClick={position.locate} data-testid="locate">
              {t("overrides.traceInquiry.locate")}
            </Button>
            {position.geo && <Typography.Text type="secondary">{position.geo}</Typography.Text>}
          </Space>
          {position.error && (
            <Alert
              type="warning"
              showIcon
              message={t("overrides.traceInquiry.noPosition", { reason: position.error })}
            />
          )}
          {lookup.error && <Alert type="error" showIcon message={lookup.error} data-testid="lookup-error" />}
          {data && (
            <>
              <OpenWarnings data={data} />
              <InquiryFacts data={data} />
              <Card size="small" title={t("overrides.chainLookup.parents")}>
                <ParentChain parents={data.detail.parents} packagePath={PACKAGE_LOOKUP_PATH} />
              </Card>
              <Card size="small" title={t("overrides.traceInquiry.timeline")}>
                <CodeTimeline events={data.detail.timeline} scans={data.scans} />
              </Card>
              {data.warnings.length > 0 && (
                <Card size="small" title={t("overrides.traceInquiry.warnings")}>
                  <WarningTable warnings={data.warnings} />
                </Card>
              )}
            </>
          )}
        </Space>
      </Card>
      {!lookup.code && <QueryScreen config={codeTracesConfig} />}
    </Space>
  );
}
