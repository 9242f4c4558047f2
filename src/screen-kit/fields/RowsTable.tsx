// The rows of an array-of-objects field on a record's detail: a small table, one column per row
// field, each value shown as the field shows it.
import { Table } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { FieldValue } from "./FieldValue";
import { rowsOf } from "./display-value";

export function RowsTable({ field, value }: { field: FieldConfig; value: unknown }) {
  const { t } = useTranslation();
  const rows = rowsOf(value);
  if (!field.rows || rows.length === 0) return null;
  return (
    <Table
      data-testid={`rows-table-${field.name}`}
      size="small"
      pagination={false}
      rowKey={(_row, index) => String(index)}
      dataSource={rows.map((row) => ({ ...row }))}
      columns={[
        { key: "#", title: "#", width: 48, render: (_value, _row, index) => index + 1 },
        ...field.rows.fields.map((sub) => ({
          key: sub.name,
          title: t(sub.labelKey),
          render: (_value: unknown, row: Record<string, unknown>) => <FieldValue field={sub} record={row} />,
        })),
      ]}
    />
  );
}
