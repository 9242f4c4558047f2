// Every field of one record, system fields included, as label/value pairs.
import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import type { RecordLike } from "../fields/display-value";
import { FieldValue } from "../fields/FieldValue";
import { RowsTable } from "../fields/RowsTable";
import type { FieldConfig } from "../../../schema/contract/screen-config";

export function RecordDescriptions({ fields, record }: { fields: readonly FieldConfig[]; record: RecordLike }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
      items={fields.map((field) => ({
        key: field.name,
        label: t(field.labelKey),
        span: field.widget === "textarea" || field.rows ? "filled" : 1,
        children: field.rows ? (
          <RowsTable field={field} value={record[field.name]} />
        ) : (
          <FieldValue field={field} record={record} />
        ),
      }))}
    />
  );
}
