// A searchable select of the IANA time zones this browser knows, each with its offset now
// ("Asia/Shanghai (UTC+8)"). The server checks the name against its own list.
import { Select, type SelectProps } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { offsetLabel, offsetMinutes } from "../../utils/business-time";

/** Every zone name with its offset at `now`; UTC first, then as Intl lists them. */
export function timeZoneOptions(now = Date.now()): { value: string; label: string }[] {
  const names = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((name) => name !== "UTC")];
  return names.map((name) => ({ value: name, label: `${name} (${offsetLabel(offsetMinutes(now, name))})` }));
}

/** What Form.Item hands the control (value, onChange, id, disabled). */
type TimeZoneSelectProps = Pick<SelectProps<string | null>, "id" | "value" | "disabled"> & {
  onChange?: (value: string | null) => void;
};

export function TimeZoneSelect(props: TimeZoneSelectProps) {
  const { t } = useTranslation();
  const options = useMemo(() => timeZoneOptions(), []);
  return (
    <Select
      {...props}
      onChange={(next) => props.onChange?.(next ?? null)}
      showSearch
      optionFilterProp="label"
      allowClear
      style={{ width: "100%" }}
      placeholder={t("screens.list.choose")}
      options={options}
    />
  );
}
