// The form items of a record form: every `inForm` field with its widget, value binding and rules.
import { Col, Form, Row } from "antd";
import { useTranslation } from "react-i18next";
import { labelKeyOf, type RecordLike } from "../fields/display-value";
import { FieldInput } from "../fields/FieldInput";
import { valueBinding } from "../fields/form-item-props";
import { toFormRules } from "../fields/form-rules";
import { RowsInput } from "../fields/RowsInput";
import type { FieldConfig } from "../../../schema/contract/screen-config";

interface FormFieldsProps {
  fields: readonly FieldConfig[];
  /** The record being edited, for reference labels. */
  record?: RecordLike;
  /** Fields not to show (e.g. the parent of a new tree node, which is preset). */
  omit?: readonly string[];
}

export const formFieldsOf = (fields: readonly FieldConfig[], omit: readonly string[] = []) =>
  fields.filter((field) => field.inForm && !omit.includes(field.name));

export function FormFields({ fields, record, omit }: FormFieldsProps) {
  const { t } = useTranslation();
  return (
    <Row gutter={[24, 0]}>
      {formFieldsOf(fields, omit).map((field) => {
        const wide = field.widget === "textarea" || field.widget === "image" || field.rows !== undefined;
        const label = record?.[labelKeyOf(field)];
        if (field.rows)
          return (
            <Col key={field.name} xs={24}>
              <Form.Item label={t(field.labelKey)} required={field.rules.some((rule) => rule.kind === "required")}>
                <RowsInput field={field} />
              </Form.Item>
            </Col>
          );
        return (
          <Col key={field.name} xs={24} md={wide ? 24 : 12}>
            <Form.Item
              name={field.name}
              label={t(field.labelKey)}
              rules={field.readOnly ? [] : toFormRules(field, t)}
              {...valueBinding(field)}
            >
              <FieldInput
                field={field}
                formFields={fields}
                currentLabel={typeof label === "string" ? label : undefined}
              />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
