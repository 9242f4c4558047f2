// One alert per row (an open warning): its message, its facts on one line, its links beside it.
import { Alert, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { LookupSectionConfig } from "../../../../schema/contract/lookup-config";
import { LookupLink } from "../LookupLink";
import { lookupText } from "../lookup-text";
import { valueAt, type ValueScope } from "../value-at";

type Row = Readonly<Record<string, unknown>>;

export function AlertsSection({
  section,
  scope,
  rows,
  code,
}: {
  section: LookupSectionConfig;
  scope: ValueScope;
  rows: readonly Row[];
  code: string;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {rows.map((row, index) => {
        const here = { root: scope.root, here: row };
        const message = section.message && lookupText(t, section.message, valueAt(here, section.message.path));
        const facts = section.fields
          .map((field) => {
            const text = lookupText(t, field, valueAt(here, field.path));
            return text && `${field.labelKey ? `${t(field.labelKey)}: ` : ""}${text}`;
          })
          .filter(Boolean);
        return (
          <Alert
            key={index}
            type="warning"
            showIcon
            data-testid={section.testId}
            message={message}
            description={facts.length > 0 ? facts.join(" · ") : undefined}
            action={
              section.links.length > 0 && (
                <Space direction="vertical" size={4}>
                  {section.links.map((link, i) => (
                    <LookupLink key={i} link={link} scope={here} code={code} />
                  ))}
                </Space>
              )
            }
          />
        );
      })}
    </Space>
  );
}
