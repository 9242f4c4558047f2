// The form control of one field, chosen by its widget. Form.Item injects value/checked and onChange.
import { DatePicker, Input, InputNumber, Select, Switch } from "antd";
import type { DefaultOptionType } from "antd/es/select";
import { useTranslation } from "react-i18next";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { BusinessDateTimePicker } from "./BusinessDateTimePicker";
import { ColorInput } from "./ColorInput";
import { DependentRefSelect } from "./DependentRefSelect";
import { ImageInput } from "./ImageInput";
import { MultiRefSelect } from "./MultiRefSelect";
import { RefSelect } from "./RefSelect";
import { RegionCascader } from "./RegionCascader";
import { RegionTreeSelect } from "./RegionTreeSelect";
import { TimeZoneSelect } from "./TimeZoneSelect";
import type { Translate } from "./translate";
import { useRequiredInput } from "./use-required-input";

/** What antd's Form.Item hands its child; typed loosely because each widget takes its own value. */
export interface ControlProps {
  id?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each widget below takes its own value type; the field's widget picks it at run time
  value?: any;
  checked?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as value: each widget calls back with its own arguments
  onChange?: (...args: any[]) => void;
  disabled?: boolean;
  /** Form.Item's mark of a required field; use-required-input puts it where ARIA allows it. */
  "aria-required"?: boolean | "true" | "false";
}

interface FieldInputProps extends ControlProps {
  field: FieldConfig;
  /** The <field>_label of the record being edited, for reference fields. */
  currentLabel?: string;
  /** The form's fields: a narrowed reference (ref.where) names the ones it waits for. */
  formFields?: readonly FieldConfig[];
}

const ruleValue = (field: FieldConfig, kind: "maxLength"): number | undefined => {
  const rule = field.rules.find((r) => r.kind === kind);
  return rule && "value" in rule ? rule.value : undefined;
};

/** An enum's translated values, or yes/no for a boolean shown as a select. */
export function choicesOf(field: FieldConfig, t: Translate): DefaultOptionType[] {
  if (field.options) return field.options.map((option) => ({ value: option.value, label: t(option.labelKey) }));
  // antd's option type leaves out booleans, which Select handles; the server wants true/false.
  const yesNo = [
    { value: true, label: t("screens.common.yes") },
    { value: false, label: t("screens.common.no") },
  ];
  return yesNo as unknown as DefaultOptionType[];
}

export function FieldInput({
  field,
  currentLabel,
  formFields = [],
  "aria-required": required,
  ...control
}: FieldInputProps) {
  const { t } = useTranslation();
  useRequiredInput(control.id, required === true || required === "true");
  // Undefined, not false, when neither says so: an explicit false would override the form's own
  // disabled (a station's setup, locked while a unit is open) that antd passes to its controls.
  const disabled = control.disabled || field.readOnly || undefined;
  const maxLength = ruleValue(field, "maxLength");
  const full = { width: "100%" };
  if (field.multiple)
    return field.ref ? (
      <MultiRefSelect {...control} disabled={disabled} refConfig={field.ref} />
    ) : (
      <RegionTreeSelect {...control} disabled={disabled} depth={field.regionDepth} />
    );
  if (field.ref?.where)
    return (
      <DependentRefSelect
        {...control}
        disabled={disabled}
        field={field}
        formFields={formFields}
        currentLabel={currentLabel}
      />
    );
  if (field.ref)
    return <RefSelect {...control} disabled={disabled} refConfig={field.ref} currentLabel={currentLabel} />;
  switch (field.widget) {
    case "textarea":
      return (
        <Input.TextArea
          {...control}
          disabled={disabled}
          rows={4}
          maxLength={maxLength}
          showCount={maxLength !== undefined}
        />
      );
    case "number":
      return (
        // No min, max or precision here: antd would silently clamp 150 to 100 or round 1.5 to 2 on blur.
        // The value stays as typed and the form's rules (minimum, maximum, integer) say why it is refused.
        <InputNumber {...control} disabled={disabled} style={full} />
      );
    case "switch":
      return <Switch {...control} disabled={disabled} />;
    case "select":
      return (
        <Select
          {...control}
          onChange={(next) => control.onChange?.(next ?? null)}
          disabled={disabled}
          allowClear
          style={full}
          placeholder={t("screens.list.choose")}
          options={choicesOf(field, t)}
        />
      );
    case "date":
      return <DatePicker {...control} disabled={disabled} style={full} />;
    case "datetime":
      return <BusinessDateTimePicker {...control} disabled={disabled} style={full} />;
    case "region":
      return <RegionCascader {...control} disabled={disabled} depth={field.regionDepth} />;
    case "image":
      return <ImageInput {...control} disabled={disabled} />;
    case "password":
      return <Input.Password {...control} disabled={disabled} autoComplete="new-password" maxLength={maxLength} />;
    case "color":
      return <ColorInput {...control} disabled={disabled} />;
    case "timezone":
      return <TimeZoneSelect {...control} disabled={disabled} />;
    default:
      return <Input {...control} disabled={disabled} allowClear maxLength={maxLength} />;
  }
}
