// A multi-value reference: several records of the referred resource, from its options call
// (searched with q; ids= the current selection, so chosen records show their names at once).
import { useSelect } from "@refinedev/antd";
import { Select } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toHttpMethod } from "../../api/endpoint-call";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { valueText } from "../../utils/value-text";

interface OptionRecord {
  value: number;
  label?: unknown;
}

interface MultiRefSelectProps {
  id?: string;
  refConfig: NonNullable<FieldConfig["ref"]>;
  value?: readonly number[] | null;
  onChange?: (value: number[]) => void;
  disabled?: boolean;
}

export function MultiRefSelect({ id, refConfig, value, onChange, disabled }: MultiRefSelectProps) {
  const { t } = useTranslation();
  const chosen = useMemo((): readonly number[] => value ?? [], [value]);
  const { selectProps } = useSelect<OptionRecord>({
    resource: refConfig.resource,
    meta: {
      endpoints: { list: { method: toHttpMethod(refConfig.optionsMethod), path: refConfig.optionsPath } },
      paged: false,
    },
    pagination: { mode: "off" },
    optionLabel: (item) => valueText(item.label ?? item.value),
    optionValue: "value",
    filters: chosen.length ? [{ field: "ids", operator: "eq", value: chosen.join(",") }] : [],
    onSearch: (q) => [{ field: "q", operator: "eq", value: q }],
  });
  // Names seen, so a chosen record a later search leaves out still shows its name, not its id.
  const [labels, setLabels] = useState<ReadonlyMap<number, string>>(() => new Map());
  const loaded = (selectProps.options ?? []).map((option) => ({
    value: Number(option.value),
    label: valueText(option.label),
  }));
  const unseen = loaded.filter((option) => labels.get(option.value) !== option.label);
  if (unseen.length > 0) setLabels((known) => new Map([...known, ...unseen.map((o) => [o.value, o.label] as const)]));
  const missing = chosen
    .filter((one) => !loaded.some((option) => option.value === one))
    .map((one) => ({ value: one, label: labels.get(one) ?? String(one) }));

  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      options={[...missing, ...loaded]}
      value={[...chosen]}
      disabled={disabled}
      allowClear
      placeholder={t("screens.list.choose")}
      style={{ width: "100%" }}
      onChange={(next: number[]) => onChange?.(next)}
    />
  );
}
