// Table columns of a list: one per `column` field, sortable where declared, cells rendered by
// FieldValue; a column whose text can run long is held to a width (column-width.ts).
import { getDefaultSortOrder } from "@refinedev/antd";
import type { CrudSort } from "@refinedev/core";
import type { TableColumnType } from "antd";
import { FieldValue } from "../fields/FieldValue";
import { displayText, type RecordLike } from "../fields/display-value";
import type { Translate } from "../fields/translate";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { cappedWidth } from "./column-width";

export type Row = RecordLike & { id?: string | number };

/** A cell's horizontal padding (antd's middle and small tables alike). */
const CELL_PADDING = 16;

export function fieldColumns(
  fields: readonly FieldConfig[],
  sorters: readonly CrudSort[],
  t: Translate,
): TableColumnType<Row>[] {
  return fields
    .filter((field) => field.column)
    .map((field) => {
      const capped = cappedWidth(field);
      return {
        key: field.name,
        dataIndex: field.name,
        title: t(field.labelKey),
        width: field.width,
        ...(field.sortable ? { sorter: true, sortOrder: getDefaultSortOrder(field.name, [...sorters]) ?? null } : {}),
        render: (_value: unknown, record: Row) =>
          capped === undefined ? (
            <FieldValue field={field} record={record} />
          ) : (
            // The table sizes columns to their content: the cut is the cell's own.
            <div
              style={{
                maxWidth: capped - CELL_PADDING,
                overflow: "hidden",
                textOverflow: "ellipsis",
                whiteSpace: "nowrap",
              }}
              title={displayText(field, record, t)}
            >
              <FieldValue field={field} record={record} />
            </div>
          ),
      };
    });
}
