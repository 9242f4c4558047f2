// Rows of the answer under the declared columns, each cell shown as its field declares.
import { Table } from "antd";
import { useTranslation } from "react-i18next";
import type { LookupSectionConfig } from "../../../../schema/contract/lookup-config";
import { LookupValue } from "../LookupValue";
import type { ValueScope } from "../value-at";

type Row = Readonly<Record<string, unknown>>;

export function TableSection({
  section,
  scope,
  rows,
}: {
  section: LookupSectionConfig;
  scope: ValueScope;
  rows: readonly Row[];
}) {
  const { t } = useTranslation();
  return (
    <Table<{ key: number; row: Row }>
      size="small"
      pagination={false}
      scroll={{ x: true }}
      data-testid={section.testId}
      dataSource={rows.map((row, key) => ({ key, row }))}
      columns={section.columns.map((field, index) => ({
        key: index,
        title: field.labelKey ? t(field.labelKey) : field.path,
        render: (_: unknown, { row }) => <LookupValue field={field} scope={{ root: scope.root, here: row }} />,
      }))}
    />
  );
}
