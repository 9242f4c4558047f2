// A reference field: options come from the referred resource's options call, searched with q.
import { useSelect } from "@refinedev/antd";
import { Select } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toHttpMethod } from "../../api/endpoint-call";
import type { FieldConfig } from "../screens/screen-config";

/** The options call answers [{value, label}] (max 50); ids= puts the current selection first. */
interface OptionRecord {
  value: string | number;
  label?: unknown;
}

interface RefSelectProps {
  id?: string;
  refConfig: NonNullable<FieldConfig["ref"]>;
  value?: string | number | null;
  onChange?: (value: string | number | null) => void;
  disabled?: boolean;
  /** The record's <field>_label, so the current value shows its name before the options arrive. */
  currentLabel?: string;
}

export function RefSelect({ id, refConfig, value, onChange, disabled, currentLabel }: RefSelectProps) {
  const { t } = useTranslation();
  const hasValue = value !== undefined && value !== null && value !== "";
  const { selectProps } = useSelect<OptionRecord>({
    resource: refConfig.resource,
    // The options call is not one of the referred resource's refine routes: give its endpoint here.
    meta: {
      endpoints: { list: { method: toHttpMethod(refConfig.optionsMethod), path: refConfig.optionsPath } },
      paged: false,
    },
    pagination: { mode: "off" },
    optionLabel: (item) => String(item.label ?? item.value),
    optionValue: "value",
    filters: hasValue ? [{ field: "ids", operator: "eq", value: String(value) }] : [],
    onSearch: (q) => [{ field: "q", operator: "eq", value: q }],
  });
  const options = useMemo(() => {
    const loaded = selectProps.options ?? [];
    const missing = hasValue && !loaded.some((option) => option.value === value);
    return missing ? [{ value, label: currentLabel ?? String(value) }, ...loaded] : loaded;
  }, [selectProps.options, hasValue, value, currentLabel]);
  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      options={options}
      value={value ?? undefined}
      disabled={disabled}
      allowClear
      placeholder={t("screens.list.choose")}
      style={{ width: "100%" }}
      // Cleared is null, so an update clears the reference instead of leaving it out.
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}
