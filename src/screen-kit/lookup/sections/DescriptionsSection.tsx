// Label and value of each declared field; an optional field without a value is left out.
import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import type { LookupSectionConfig } from "../../../../schema/contract/lookup-config";
import { LookupValue } from "../LookupValue";
import { isEmptyValue, valueAt, type ValueScope } from "../value-at";

export function DescriptionsSection({ section, scope }: { section: LookupSectionConfig; scope: ValueScope }) {
  const { t } = useTranslation();
  const items = section.fields
    .filter((field) => !(field.optional && isEmptyValue(valueAt(scope, field.path))))
    .map((field, key) => ({
      key,
      label: field.labelKey ? t(field.labelKey) : field.path,
      children: <LookupValue field={field} scope={scope} />,
    }));
  const half = section.width === "half";
  return (
    <Descriptions
      bordered={!half}
      size="small"
      column={half ? 1 : { xs: 1, md: 2 }}
      data-testid={section.testId}
      items={items}
    />
  );
}
