// A lookup screen (manifest screen kind lookup): a search box that reads typed and scanned codes,
// the one call the manifest names, and the sections it declares over the answer. Without a code:
// the prompt, or the resource's list where the lookup has `list`; an unknown or mistyped code: the
// server's refusal. With `locate`, the device's position goes with the code (a new one asks again).
import { AimOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Empty, Row, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { LookupConfig } from "../../../schema/contract/lookup-config";
import type { ScreenConfig } from "../../../schema/contract/screen-config";
import { LookupDownload } from "../lookup/LookupDownload";
import { LookupSearch } from "../lookup/LookupSearch";
import { LookupSection } from "../lookup/LookupSection";
import { useLookup } from "../lookup/use-lookup";
import { usePosition } from "../lookup/use-position";
import { QueryScreen } from "./QueryScreen";

export function LookupScreen({ lookup, list }: { lookup: LookupConfig; list?: ScreenConfig }) {
  const { t } = useTranslation();
  const position = usePosition();
  const context: Record<string, string> = lookup.locate && position.geo ? { [lookup.locate]: position.geo } : {};
  const result = useLookup(lookup, context);
  const answer = result.data;
  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      <Card
        title={t(lookup.titleKey)}
        extra={
          answer !== undefined &&
          lookup.download && <LookupDownload download={lookup.download} param={lookup.param} code={result.code} />
        }
      >
        <Space direction="vertical" style={{ width: "100%" }} size="large">
          <Space wrap>
            <LookupSearch code={result.code} loading={result.loading} onSearch={result.search} />
            {lookup.locate && (
              <Button icon={<AimOutlined />} loading={position.locating} onClick={position.locate} data-testid="locate">
                {t("screens.lookup.locate")}
              </Button>
            )}
            {position.geo && <Typography.Text type="secondary">{position.geo}</Typography.Text>}
          </Space>
          {position.error && (
            <Alert type="warning" showIcon message={t("screens.lookup.noPosition", { reason: position.error })} />
          )}
          {result.error && <Alert type="error" showIcon message={result.error} data-testid="lookup-error" />}
          {!result.code && !list && <Empty description={t("screens.lookup.prompt")} data-testid="lookup-prompt" />}
          {answer !== undefined && (
            <Row gutter={[16, 16]}>
              {lookup.sections.map((section, index) => (
                <Col key={index} xs={24} md={section.width === "half" ? 12 : 24}>
                  <LookupSection section={section} answer={answer} code={result.code} />
                </Col>
              ))}
            </Row>
          )}
        </Space>
      </Card>
      {!result.code && list && <QueryScreen config={list} />}
    </Space>
  );
}
