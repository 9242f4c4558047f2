// One field of one record, read-only: enums as translated tags, booleans, dates, references by name,
// images as thumbnails, colours as swatches.
import { Image, Progress, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { displayText, enumLabelKey, valueTexts, type RecordLike } from "./display-value";
import { isImageUrl } from "./ImageInput";
import { formatNumber } from "../../utils/format-number";
import { valueText } from "../../utils/value-text";
import { progressOf } from "../screens/live-rows";

/** Categorical tag colours for enum values the manifest gives no colour, by their position in the declared list. */
const TAG_COLORS = ["blue", "purple", "cyan", "magenta", "geekblue", "gold", "lime", "volcano"];

export function FieldValue({ field, record }: { field: FieldConfig; record: RecordLike }) {
  const { t, i18n } = useTranslation();
  const value = record[field.name];
  if (value === undefined || value === null || value === "") return null;
  if (field.rows) return <>{displayText(field, record, t)}</>;
  // A multi-value field: one tag per value, by its label.
  if (Array.isArray(value))
    return (
      <Space size={[0, 4]} wrap>
        {valueTexts(field, record).map((text, index) => (
          <Tag key={`${index}-${text}`}>{text}</Tag>
        ))}
      </Space>
    );
  if (field.progress) {
    const bar = progressOf(field.progress, value, record);
    return (
      <Progress
        data-testid={`progress-${field.name}`}
        // A progress bar is named by its column, so a screen reader says what is done, not just how much.
        aria-label={t(field.labelKey)}
        percent={bar.percent}
        size="small"
        status={bar.running ? "active" : bar.percent >= 100 ? "success" : "normal"}
        format={() => `${formatNumber(bar.done, i18n.language)} / ${formatNumber(bar.total, i18n.language)}`}
        style={{ minWidth: 160, marginInlineEnd: 0 }}
      />
    );
  }
  if (field.options && enumLabelKey(field, value)) {
    const index = field.options.findIndex((option) => option.value === valueText(value));
    const color = field.options[index]?.color ?? TAG_COLORS[index % TAG_COLORS.length];
    return <Tag color={color}>{displayText(field, record, t)}</Tag>;
  }
  if (field.type === "boolean") return <Tag color={value ? "green" : "default"}>{displayText(field, record, t)}</Tag>;
  if (field.widget === "image" && isImageUrl(value))
    return <Image src={value} width={40} height={40} style={{ objectFit: "cover" }} />;
  if (field.widget === "color" || field.format === "color") {
    return (
      <Space size={4}>
        <span
          style={{ display: "inline-block", width: 14, height: 14, borderRadius: 2, background: valueText(value) }}
        />
        {valueText(value)}
      </Space>
    );
  }
  // A date or time never breaks across lines, so a narrow table does not clip 创建时间.
  if (field.format === "date-time" || field.format === "date")
    return <span style={{ whiteSpace: "nowrap" }}>{displayText(field, record, t)}</span>;
  return <>{displayText(field, record, t)}</>;
}
