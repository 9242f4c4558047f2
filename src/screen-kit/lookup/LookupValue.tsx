// One value of a lookup's answer as its field declares it: text in its format, a tag in its enum's
// colour, or a link to another screen (a lookup by the value, a record's detail).
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { LookupFieldConfig } from "../../../schema/contract/lookup-config";
import { linkHref } from "./link-href";
import { lookupText } from "./lookup-text";
import { valueAt, type ValueScope } from "./value-at";

export function LookupValue({ field, scope }: { field: LookupFieldConfig; scope: ValueScope }) {
  const { t } = useTranslation();
  const value = valueAt(scope, field.path);
  const text = lookupText(t, field, value);
  const state = field.format === "fill" ? (value as { state?: string } | null)?.state : value;
  if (field.tag || field.format === "fill")
    return text ? (
      <Tag color={field.colors?.[String(state)]} data-testid={field.testId}>
        {text}
      </Tag>
    ) : null;
  const href = field.link && linkHref(field.link, scope, value);
  if (href)
    return (
      <Link to={href} data-testid={field.testId}>
        {text}
      </Link>
    );
  return <span data-testid={field.testId}>{text}</span>;
}
