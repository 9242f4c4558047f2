// A reference field: options come from the referred resource's options call, searched with q.
// Narrowed (manifest x-ref-where), it asks only for the records that fit, waits while the
// narrowing fields are empty, and drops a choice the new narrowing no longer offers.
import { useSelect } from "@refinedev/antd";
import { Select } from "antd";
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toHttpMethod } from "../../api/endpoint-call";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { valueText } from "../../utils/value-text";
import { afterNarrowingChange, type Narrowing } from "./ref-narrowing";

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
  /** x-ref-where: only records with these values are offered (DependentRefSelect reads them from the form). */
  narrowing?: Narrowing;
  /** Shown while the narrowing fields are empty. */
  waitingHint?: string;
}

export function RefSelect({
  id,
  refConfig,
  value,
  onChange,
  disabled,
  currentLabel,
  narrowing,
  waitingHint,
}: RefSelectProps) {
  const { t } = useTranslation();
  const hasValue = value !== undefined && value !== null && value !== "";
  const waiting = narrowing !== undefined && narrowing.missing.length > 0;
  const narrowed = Object.entries(narrowing?.values ?? {}).map(([field, wanted]) => ({
    field,
    operator: "eq" as const,
    value: wanted,
  }));
  const { selectProps, query } = useSelect<OptionRecord>({
    resource: refConfig.resource,
    // The options call is not one of the referred resource's refine routes: give its endpoint here.
    meta: {
      endpoints: { list: { method: toHttpMethod(refConfig.optionsMethod), path: refConfig.optionsPath } },
      paged: false,
    },
    pagination: { mode: "off" },
    optionLabel: (item) => valueText(item.label ?? item.value),
    optionValue: "value",
    filters: [...(hasValue ? [{ field: "ids", operator: "eq" as const, value: String(value) }] : []), ...narrowed],
    onSearch: (q) => [{ field: "q", operator: "eq", value: q }],
    queryOptions: { enabled: !waiting },
  });

  // Narrowed, only the answer for the current narrowing counts: refine keeps the previous
  // answer's options until the next arrives, which would offer another department's positions.
  const answer = narrowing && !waiting ? query.data?.data : undefined;
  const loaded = useMemo(
    (): { value: string | number; label: string }[] =>
      narrowing
        ? (answer ?? []).map((item) => ({ value: item.value, label: valueText(item.label ?? item.value) }))
        : (selectProps.options ?? []).map((option) => ({
            value: option.value as string | number,
            label: valueText(option.label),
          })),
    [narrowing, answer, selectProps.options],
  );
  // Labels seen, so a choice the current answer leaves out still shows its name, not its id. New
  // ones are kept while rendering (React renders again at once, before anything is shown).
  const [labels, setLabels] = useState<ReadonlyMap<string | number, string>>(() => new Map());
  // One label per value (the last, if an answer repeats a value), so this settles after one pass.
  const unseen = [...new Map(loaded.map((option) => [option.value, option.label])).entries()].filter(
    ([optionValue, label]) => labels.get(optionValue) !== label,
  );
  if (unseen.length > 0) setLabels((known) => new Map([...known, ...unseen]));
  const options = useMemo(() => {
    if (!hasValue || waiting || loaded.some((option) => option.value === value)) return loaded;
    return [{ value, label: labels.get(value) ?? currentLabel ?? String(value) }, ...loaded];
  }, [loaded, labels, hasValue, waiting, value, currentLabel]);

  // A changed narrowing: clear at once when emptied; when changed, once the options call has
  // answered under the new narrowing (it names the current id only if that still fits). The check
  // under way is the effects' own bookkeeping, never shown, so it is a ref, not state.
  const previous = useRef(narrowing);
  const checking = useRef<string>(undefined);
  // Only a new narrowing starts this; the value it judges is the one shown then.
  const narrowingChanged = useEffectEvent(() => {
    const before = previous.current;
    previous.current = narrowing;
    if (!before || !narrowing) return;
    const next = afterNarrowingChange(before, narrowing, hasValue);
    if (next === "clear") onChange?.(null);
    checking.current = next === "check" ? narrowing.key : undefined;
  });
  const clear = useEffectEvent(() => onChange?.(null));
  useEffect(() => narrowingChanged(), [narrowing?.key]);
  useEffect(() => {
    if (checking.current === undefined) return;
    if (checking.current !== narrowing?.key || !hasValue) {
      checking.current = undefined;
      return;
    }
    if (query.isFetching || !query.isSuccess) return;
    checking.current = undefined;
    if (!query.data.data.some((item) => item.value === value)) clear();
  }, [narrowing?.key, hasValue, value, query.isFetching, query.isSuccess, query.data]);

  return (
    <Select
      id={id}
      showSearch
      filterOption={false}
      onSearch={selectProps.onSearch}
      loading={narrowing ? query.isFetching : selectProps.loading}
      options={options}
      value={value ?? undefined}
      // Undefined unless disabled or waiting, so a disabled form (a station's locked setup) reaches it.
      disabled={disabled || waiting || undefined}
      allowClear
      placeholder={waiting && waitingHint ? waitingHint : t("screens.list.choose")}
      style={{ width: "100%" }}
      // Cleared is null, so an update clears the reference instead of leaving it out.
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}
