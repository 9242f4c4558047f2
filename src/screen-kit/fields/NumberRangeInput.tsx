// A from/to pair of numbers for range filters on numeric fields.
import { InputNumber, Space } from "antd";
import { useTranslation } from "react-i18next";

export type NumberRange = [number | null, number | null];

interface NumberRangeInputProps {
  id?: string;
  value?: NumberRange;
  onChange?: (range: NumberRange) => void;
}

export function NumberRangeInput({ id, value, onChange }: NumberRangeInputProps) {
  const { t } = useTranslation();
  const [from, to] = value ?? [null, null];
  return (
    <Space.Compact id={id} style={{ width: "100%" }}>
      <InputNumber
        style={{ width: "50%" }}
        value={from}
        placeholder={t("screens.list.from")}
        onChange={(next) => onChange?.([next, to])}
      />
      <InputNumber
        style={{ width: "50%" }}
        value={to}
        placeholder={t("screens.list.to")}
        onChange={(next) => onChange?.([from, next])}
      />
    </Space.Compact>
  );
}
