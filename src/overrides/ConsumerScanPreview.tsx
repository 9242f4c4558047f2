// 消费者查询页: staff look a code up as a consumer would scan it — which product, batch and status,
// how often it was scanned — and open the public scan page it leads to: the code's consumer URL as
// its rule's template makes it (the lookup's url), not a path guessed here.
import { Alert, Button, Card, Empty, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RecordDescriptions } from "../screen-kit/screens/RecordDescriptions";
import { useScreenConfig } from "../screen-kit/screen-tables";
import { traceCodesClient } from "../api/generated/clients/trace_codes.gen";
import type { TraceCodesRecord } from "../api/generated/types/trace_codes.gen";
import type { ApiError } from "../api/http-client";
import { codeDetail } from "../api/generated/calls.gen";

type Lookup = { code: string; record?: TraceCodesRecord; url?: string; error?: string };

export default function ConsumerScanPreview() {
  const { t } = useTranslation();
  const traceCodesConfig = useScreenConfig("trace_codes");
  const [lookup, setLookup] = useState<Lookup>();
  const [loading, setLoading] = useState(false);
  const search = async (value: string) => {
    const code = value.trim();
    if (!code) return;
    setLoading(true);
    try {
      const { list } = await traceCodesClient.list({ code, size: 10 });
      const record = list.find((row) => row.code === code);
      setLookup({ code, record, url: record ? (await codeDetail({ code })).url : undefined });
    } catch (error) {
      setLookup({ code, error: (error as ApiError).message });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card title={t("menu.customerinquire")}>
      <Space direction="vertical" style={{ width: "100%" }} size="large">
        <Input.Search
          allowClear
          enterButton={t("screens.common.search")}
          placeholder={t("overrides.scanPreview.placeholder")}
          loading={loading}
          onSearch={(value) => void search(value)}
          style={{ maxWidth: 520 }}
        />
        {lookup?.error && <Alert type="error" showIcon message={lookup.error} />}
        {lookup && !lookup.error && !lookup.record && (
          <Empty description={t("overrides.scanPreview.notFound", { code: lookup.code })} />
        )}
        {lookup?.record && (
          <>
            <RecordDescriptions fields={traceCodesConfig.fields} record={{ ...lookup.record }} />
            <Button href={lookup.url} target="_blank" rel="noopener" data-testid="public-page-link">
              {t("overrides.scanPreview.openPublicPage")}
            </Button>
          </>
        )}
      </Space>
    </Card>
  );
}
