// 包装箱码查询: a package — its fill against its capacity (empty, partial, full, closed), the codes
// it holds, the packages around it up to the pallet with where it went beside them (waybill, dealer,
// ship time, warehouse), and how many codes of each level it holds all the way down. An override for the same reason as 码查询 (CodeLookup.tsx).
import { Alert, Card, Col, Descriptions, Empty, Row, Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { packageContents, type PackageContentsData } from "../api/generated/calls.gen";
import { CodeLogistics } from "./chain-lookup/CodeLogistics";
import { CodeSearch } from "./chain-lookup/CodeSearch";
import { CODE_LOOKUP_PATH, PACKAGE_LOOKUP_PATH } from "./chain-lookup/lookup-paths";
import { ParentChain } from "./chain-lookup/ParentChain";
import { useCodeLookup } from "./chain-lookup/use-code-lookup";

const FILL_COLORS: Readonly<Record<string, string>> = {
  empty: "default",
  partial: "orange",
  full: "green",
  closed: "purple",
};

function Contents({ contents }: { contents: PackageContentsData }) {
  const { t } = useTranslation();
  const levelText = (level: string | null) => (level ? t(`enum.code_type.${level}`) : "?");
  const { fill } = contents;
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: "code",
            label: t("resource.trace_codes.fields.code"),
            children: <Link to={`${CODE_LOOKUP_PATH}?code=${encodeURIComponent(contents.code)}`}>{contents.code}</Link>,
          },
          { key: "level", label: t("resource.trace_codes.fields.code_type"), children: levelText(contents.level) },
          {
            key: "status",
            label: t("resource.trace_codes.fields.status"),
            children: contents.status && t(`enum.code_status.${contents.status}`),
          },
          {
            key: "fill",
            label: t("overrides.chainLookup.fill"),
            children: (
              <Tag color={FILL_COLORS[fill.state]} data-testid="package-fill">
                {t(`overrides.chainLookup.fillStates.${fill.state}`)} {fill.held}/{fill.capacity ?? "?"}
              </Tag>
            ),
          },
          {
            key: "counts",
            label: t("overrides.chainLookup.counts"),
            children: (
              <span data-testid="package-counts">
                {contents.counts.map((count) => `${levelText(count.level)} × ${count.count}`).join(", ")}
              </span>
            ),
          },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card size="small" title={t("overrides.chainLookup.parents")} style={{ height: "100%" }}>
            <ParentChain parents={contents.parents} packagePath={PACKAGE_LOOKUP_PATH} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t("overrides.chainLookup.logistics")} style={{ height: "100%" }}>
            <CodeLogistics logistics={contents.logistics} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t("overrides.chainLookup.children")}>
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          dataSource={[...contents.children]}
          data-testid="package-children"
          columns={[
            {
              title: t("resource.trace_codes.fields.code"),
              dataIndex: "code",
              render: (code: string) => <Link to={`${CODE_LOOKUP_PATH}?code=${encodeURIComponent(code)}`}>{code}</Link>,
            },
            { title: t("resource.trace_codes.fields.code_type"), dataIndex: "level", render: levelText },
            {
              title: t("resource.trace_codes.fields.status"),
              dataIndex: "status",
              render: (status: string | null) => status && t(`enum.code_status.${status}`),
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function PackageLookup() {
  const { t } = useTranslation();
  const lookup = useCodeLookup((code, signal) => packageContents({ code }, signal));
  return (
    <Card title={t("menu.packagequery")}>
      <Space direction="vertical" style={{ width: "100%" }} size="large">
        <CodeSearch code={lookup.code} loading={lookup.loading} onSearch={lookup.search} />
        {lookup.error && <Alert type="error" showIcon message={lookup.error} data-testid="lookup-error" />}
        {!lookup.code && <Empty description={t("overrides.chainLookup.prompt")} />}
        {lookup.data && <Contents contents={lookup.data} />}
      </Space>
    </Card>
  );
}
