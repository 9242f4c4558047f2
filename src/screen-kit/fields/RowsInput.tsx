// The form control of an array-of-objects field: antd Form.List, one line per row with each row
// field's own widget and rules, and buttons to add a row, move one up or down, and remove one. How
// many rows are allowed (minItems, maxItems) is checked here as the server checks it.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Col, Form, Row, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { FieldInput } from "./FieldInput";
import { valueBinding } from "./form-item-props";
import { toFormRules } from "./form-rules";
import type { Translate } from "./translate";

/** The row count check: at least minItems (one when the field is required), at most maxItems. */
export function rowCountProblem(field: FieldConfig, count: number, t: Translate): string | undefined {
  const rows = field.rows!;
  const label = t(field.labelKey);
  const required = field.rules.some((rule) => rule.kind === "required");
  const fewest = Math.max(rows.minItems ?? 0, required ? 1 : 0);
  if (count < fewest) return t("screens.rows.tooFew", { label, value: fewest });
  if (count > rows.maxItems) return t("screens.rows.tooMany", { label, value: rows.maxItems });
  return undefined;
}

export function RowsInput({ field }: { field: FieldConfig }) {
  const { t } = useTranslation();
  const rows = field.rows!;
  const disabled = field.readOnly;
  return (
    <Form.List
      name={field.name}
      rules={[
        {
          validator: (_rule, value: unknown[] | undefined) => {
            const problem = rowCountProblem(field, value?.length ?? 0, t);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      {(items, { add, remove, move }, { errors }) => (
        <div data-testid={`rows-${field.name}`}>
          {items.map((item, index) => (
            <Row key={item.key} gutter={8} align="bottom" wrap={false} data-testid={`row-${field.name}`}>
              <Col flex="32px" style={{ paddingBottom: 29 }}>
                {index + 1}.
              </Col>
              <Col flex="auto">
                <Row gutter={8}>
                  {rows.fields.map((sub) => (
                    <Col key={sub.name} xs={24} sm={Math.max(6, Math.floor(24 / rows.fields.length))}>
                      <Form.Item
                        name={[item.name, sub.name]}
                        label={t(sub.labelKey)}
                        rules={toFormRules(sub, t)}
                        {...valueBinding(sub)}
                      >
                        <FieldInput field={sub} disabled={disabled} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Col>
              <Col flex="none" style={{ paddingBottom: 24 }}>
                <Space size={4}>
                  <Button
                    icon={<ArrowUpOutlined />}
                    aria-label={t("screens.rows.up", { index: index + 1 })}
                    title={t("screens.rows.up", { index: index + 1 })}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    icon={<ArrowDownOutlined />}
                    aria-label={t("screens.rows.down", { index: index + 1 })}
                    title={t("screens.rows.down", { index: index + 1 })}
                    disabled={disabled || index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("screens.rows.remove", { index: index + 1 })}
                    title={t("screens.rows.remove", { index: index + 1 })}
                    disabled={disabled}
                    onClick={() => remove(item.name)}
                  />
                </Space>
              </Col>
            </Row>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={disabled || items.length >= rows.maxItems}
            onClick={() => add({})}
          >
            {t("screens.rows.add")}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
