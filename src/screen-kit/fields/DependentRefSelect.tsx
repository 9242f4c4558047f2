// A reference narrowed by other fields of its form (manifest x-ref-where, e.g. an account's
// position by its department): it watches those fields and hands their values to RefSelect.
import { Form } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { narrowingOf, watchedValues } from "./ref-narrowing";
import { RefSelect } from "./RefSelect";

interface DependentRefSelectProps {
  id?: string;
  /** A field whose ref has `where`. */
  field: FieldConfig;
  /** The form's fields, for the labels of the ones it waits for. */
  formFields: readonly FieldConfig[];
  value?: string | number | null;
  onChange?: (value: string | number | null) => void;
  disabled?: boolean;
  currentLabel?: string;
}

/** One empty narrowing for every render, so the memo below keeps its answer. */
const NO_WHERE: NonNullable<NonNullable<FieldConfig["ref"]>["where"]> = {};

export function DependentRefSelect({ field, formFields, ...control }: DependentRefSelectProps) {
  const { t } = useTranslation();
  const refConfig = field.ref!;
  const where = refConfig.where ?? NO_WHERE;
  // preserve: a narrowing field the form sets without showing it (a preset parent) counts too.
  const watched = Form.useWatch((values: Record<string, unknown>) => watchedValues(where, values), { preserve: true });
  const narrowing = useMemo(() => narrowingOf(where, watched ?? {}), [where, watched]);
  const waitingFor = narrowing.missing
    .map((name) => formFields.find((candidate) => candidate.name === name)?.labelKey)
    .map((labelKey, index) => (labelKey ? t(labelKey) : narrowing.missing[index]))
    .join(" / ");
  return (
    <RefSelect
      {...control}
      refConfig={refConfig}
      narrowing={narrowing}
      waitingHint={t("screens.form.chooseFirst", { fields: waitingFor })}
    />
  );
}
