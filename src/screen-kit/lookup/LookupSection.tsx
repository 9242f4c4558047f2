// One declared section of a lookup's answer: its value (at `path`), in a card when it has a title;
// an empty value shows the section's empty text, or leaves the section out when it has none.
import { Card, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { LookupSectionConfig } from "../../../schema/contract/lookup-config";
import { AlertsSection } from "./sections/AlertsSection";
import { DescriptionsSection } from "./sections/DescriptionsSection";
import { HierarchySection } from "./sections/HierarchySection";
import { LinksSection } from "./sections/LinksSection";
import { QrSection } from "./sections/QrSection";
import { TableSection } from "./sections/TableSection";
import { TimelineSection } from "./sections/TimelineSection";
import type { ConsumerScan, LedgerEvent } from "./timeline-entries";
import { isEmptyValue, valueAt, type ValueScope } from "./value-at";

type Row = Readonly<Record<string, unknown>>;

/** The rows a table or alerts section shows: those whose value at each `where` path is one listed. */
export function rowsOf(section: LookupSectionConfig, value: unknown, root: unknown): Row[] {
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  const where = Object.entries(section.where ?? {});
  return rows.filter((row) =>
    where.every(([path, allowed]) => allowed.includes(String(valueAt({ root, here: row }, path)))),
  );
}

function body(section: LookupSectionConfig, scope: ValueScope, code: string): ReactNode {
  switch (section.kind) {
    case "descriptions":
      return <DescriptionsSection section={section} scope={scope} />;
    case "hierarchy":
      return <HierarchySection section={section} scope={scope} />;
    case "timeline": {
      const scans = section.scans ? valueAt({ root: scope.root, here: scope.root }, section.scans) : undefined;
      return (
        <TimelineSection
          events={scope.here as LedgerEvent[]}
          scans={Array.isArray(scans) ? (scans as ConsumerScan[]) : undefined}
        />
      );
    }
    case "table":
      return <TableSection section={section} scope={scope} rows={rowsOf(section, scope.here, scope.root)} />;
    case "qr":
      return <QrSection url={String(scope.here)} testId={section.testId} />;
    case "links":
      return <LinksSection section={section} scope={scope} code={code} />;
    case "alerts":
      return (
        <AlertsSection section={section} scope={scope} rows={rowsOf(section, scope.here, scope.root)} code={code} />
      );
  }
}

export function LookupSection({
  section,
  answer,
  code,
}: {
  section: LookupSectionConfig;
  answer: unknown;
  code: string;
}) {
  const { t } = useTranslation();
  const here = valueAt({ root: answer, here: answer }, section.path);
  const rows = section.kind === "table" || section.kind === "alerts" ? rowsOf(section, here, answer) : undefined;
  const empty = rows ? rows.length === 0 : isEmptyValue(here);
  if (empty && !section.emptyKey) return null;
  const content = empty ? (
    <Typography.Text type="secondary" data-testid={section.testId}>
      {t(section.emptyKey!)}
    </Typography.Text>
  ) : (
    body(section, { root: answer, here }, code)
  );
  if (!section.titleKey) return content;
  return (
    <Card size="small" title={t(section.titleKey)} style={{ height: "100%" }}>
      {content}
    </Card>
  );
}
