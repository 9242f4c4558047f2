// Columns of a small client-side table in an override screen: the named fields, in that order,
// rendered as the generated lists render them, without server sorting.
import type { TableColumnType } from "antd";
import type { Translate } from "../screen-kit/fields/translate";
import { fieldColumns, type Row } from "../screen-kit/screens/list-columns";
import type { FieldConfig } from "../../schema/contract/screen-config";

export function plainColumns(
  fields: readonly FieldConfig[],
  names: readonly string[],
  t: Translate,
): TableColumnType<Row>[] {
  const picked = names.flatMap((name) => fields.filter((field) => field.name === name));
  return fieldColumns(
    picked.map((field) => ({ ...field, column: true, sortable: false })),
    [],
    t,
  );
}
