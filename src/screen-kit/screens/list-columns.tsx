// Table columns of a list: one per `column` field, sortable where declared, cells rendered by FieldValue.
import { getDefaultSortOrder } from "@refinedev/antd";
import type { CrudSort } from "@refinedev/core";
import type { TableColumnType } from "antd";
import { FieldValue } from "../fields/FieldValue";
import type { RecordLike } from "../fields/display-value";
import type { Translate } from "../fields/translate";
import type { FieldConfig } from "../../../schema/contract/screen-config";

export type Row = RecordLike & { id?: string | number };

export function fieldColumns(
  fields: readonly FieldConfig[],
  sorters: readonly CrudSort[],
  t: Translate,
): TableColumnType<Row>[] {
  return fields
    .filter((field) => field.column)
    .map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: t(field.labelKey),
      width: field.width,
      ellipsis: field.widget === "textarea",
      ...(field.sortable ? { sorter: true, sortOrder: getDefaultSortOrder(field.name, [...sorters]) ?? null } : {}),
      render: (_value: unknown, record: Row) => <FieldValue field={field} record={record} />,
    }));
}
