// The control of one list filter: text contains → Input; eq → Select for enums, references and
// booleans, else Input; range → RangePicker for dates, two numbers otherwise; any (a multi-value
// field) → the same multi-select its form uses, records holding any of the chosen values.
import { DatePicker, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { NumberRangeInput } from "../fields/NumberRangeInput";
import { MultiRefSelect } from "../fields/MultiRefSelect";
import { RefSelect } from "../fields/RefSelect";
import { RegionTreeSelect } from "../fields/RegionTreeSelect";
import { dateKindOf } from "../fields/value-conversion";
import { choicesOf, type ControlProps } from "../fields/FieldInput";
import type { FieldConfig } from "../../../schema/contract/screen-config";

export function FilterControl({ field, ...control }: ControlProps & { field: FieldConfig }) {
  const { t } = useTranslation();
  const full = { width: "100%" };
  if (field.filter === "range") {
    const kind = dateKindOf(field);
    if (kind)
      return (
        <DatePicker.RangePicker
          {...control}
          style={full}
          placeholder={[t("screens.list.startDate"), t("screens.list.endDate")]}
        />
      );
    return <NumberRangeInput {...control} />;
  }
  if (field.filter === "any")
    return field.ref ? (
      <MultiRefSelect {...control} refConfig={field.ref} />
    ) : (
      <RegionTreeSelect {...control} depth={field.regionDepth} />
    );
  if (field.filter === "eq" && field.ref) return <RefSelect {...control} refConfig={field.ref} />;
  if (field.filter === "eq" && (field.options || field.type === "boolean")) {
    return (
      <Select
        {...control}
        style={full}
        allowClear
        placeholder={t("screens.list.choose")}
        options={choicesOf(field, t)}
      />
    );
  }
  return <Input {...control} allowClear placeholder={t("screens.list.enter")} />;
}
