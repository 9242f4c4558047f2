// The filter form above a list: one cell per filter field, wrapping on narrow screens.
import { SearchOutlined } from "@ant-design/icons";
import { Button, Col, Form, Row, Space, type FormProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FilterControl } from "./FilterControl";
import { filterFieldsOf, restoredFilterValue, type FilterValues } from "./filter-values";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { useFormName } from "./use-form-name";

interface FilterFormProps {
  fields: readonly FieldConfig[];
  formProps: FormProps<FilterValues>;
  /** Extra cells placed before the field filters (the report's date range). */
  leading?: ReactNode;
}

/** Filters restored from the URL (syncWithLocation) arrive as text; each control gets its own type. */
const filterBinding = (field: FieldConfig) => ({
  getValueProps: (value: unknown) => ({ value: restoredFilterValue(field, value) }),
});

const CELL = { xs: 24, sm: 12, md: 8, xl: 6 } as const;

export function FilterForm({ fields, formProps, leading }: FilterFormProps) {
  const formName = useFormName("filter");
  const { t } = useTranslation();
  const filters = filterFieldsOf(fields);
  if (filters.length === 0 && !leading) return null;
  return (
    <Form {...formProps} name={formName} layout="vertical" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 0]}>
        {leading}
        {filters.map((field) => (
          <Col key={field.name} {...CELL}>
            <Form.Item
              name={field.name}
              label={t(field.labelKey)}
              style={{ marginBottom: 12 }}
              {...filterBinding(field)}
            >
              <FilterControl field={field} />
            </Form.Item>
          </Col>
        ))}
        <Col {...CELL} style={{ display: "flex", alignItems: "flex-end" }}>
          <Form.Item style={{ marginBottom: 12 }}>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t("screens.common.search")}
              </Button>
              <Button
                onClick={() => {
                  formProps.form?.resetFields();
                  formProps.form?.submit();
                }}
              >
                {t("screens.common.reset")}
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
