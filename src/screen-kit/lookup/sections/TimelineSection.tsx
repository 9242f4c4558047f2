// A code's history as the ledger holds it, oldest first: what happened (our event kind and its CBV
// bizStep), when, by whom, where (an inspector's GPS position), in which package, with which reason
// or related code, and for an event that moved a package the code sat in, that package. With
// `scans`, the consumer scans among them, each with its region and verdict. An event declared in
// error (a return received by mistake) stays in the history, struck through and marked as such.
import { Tag, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { timelineEntries, type ConsumerScan, type LedgerEvent, type TimelineEntry } from "../timeline-entries";
import { businessTimeText } from "../../../utils/business-time";

const COLORS: Readonly<Record<string, string>> = {
  activate: "green",
  void: "red",
  handover: "blue",
  close_package: "gray",
  inspect: "purple",
};
const SCAN_COLORS: Readonly<Record<string, string>> = { genuine: "green", repeated: "orange", over_threshold: "red" };

function EventLine({ event }: { event: LedgerEvent }) {
  const { t } = useTranslation();
  const kind = t(`screens.lookup.kinds.${event.kind}`, { defaultValue: event.kind });
  const details = [
    event.via && t("screens.lookup.via", { code: event.via }),
    event.parent_code && t("screens.lookup.inPackage", { code: event.parent_code }),
    event.related_code && t("screens.lookup.related", { code: event.related_code }),
    event.reason &&
      (event.kind === "inspect"
        ? t("screens.lookup.conclusion", {
            conclusion: t(`enum.inspection_result.${event.reason}`, { defaultValue: event.reason }),
          })
        : t("screens.lookup.reason", { reason: event.reason })),
    event.read_point?.startsWith("geo:") && t("screens.lookup.at", { place: event.read_point }),
    event.operator && t("screens.lookup.by", { operator: event.operator }),
  ].filter(Boolean);
  return (
    <div
      data-testid="timeline-event"
      data-kind={event.kind}
      data-via={event.via ?? undefined}
      data-declared={event.declared_in_error ? "error" : undefined}
    >
      <Typography.Text strong delete={event.declared_in_error}>
        {kind}
      </Typography.Text>{" "}
      <Typography.Text type="secondary">({event.biz_step})</Typography.Text>
      {event.declared_in_error && (
        <>
          {" "}
          <Tag color="default">{t("screens.lookup.declaredInError")}</Tag>
        </>
      )}
      <div>
        <Typography.Text type="secondary">{businessTimeText(Date.parse(event.event_time))}</Typography.Text>
        {details.length > 0 && <> · {details.join(" · ")}</>}
      </div>
    </div>
  );
}

function ScanLine({ scan }: { scan: ConsumerScan }) {
  const { t } = useTranslation();
  const details = [
    t(`enum.scan_result.${scan.result}`, { defaultValue: scan.result }),
    scan.region ? (scan.region.name ?? scan.region.code) : t("screens.lookup.regionUnknown"),
    scan.path && t(`enum.scan_path.${scan.path}`, { defaultValue: scan.path }),
  ].filter(Boolean);
  return (
    <div data-testid="timeline-event" data-kind="consumer_scan" data-region={scan.region?.code}>
      <Typography.Text strong>{t("screens.lookup.consumerScan", { index: scan.scan_index })}</Typography.Text>
      <div>
        <Typography.Text type="secondary">{businessTimeText(Date.parse(scan.scanned_at))}</Typography.Text> ·{" "}
        {details.join(" · ")}
      </div>
    </div>
  );
}

const itemOf = (entry: TimelineEntry, key: number) =>
  entry.source === "ledger"
    ? {
        key,
        color: entry.event.declared_in_error ? "gray" : (COLORS[entry.event.kind] ?? "blue"),
        children: <EventLine event={entry.event} />,
      }
    : { key, color: SCAN_COLORS[entry.scan.result] ?? "gray", children: <ScanLine scan={entry.scan} /> };

export function TimelineSection({
  events,
  scans,
}: {
  events: readonly LedgerEvent[];
  scans?: readonly ConsumerScan[];
}) {
  return <Timeline items={timelineEntries(events, scans).map(itemOf)} />;
}
