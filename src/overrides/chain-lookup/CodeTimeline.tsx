// A code's history (流转记录) as the ledger holds it, oldest first: what happened (our event kind and
// its CBV bizStep), when, by whom, in which package, with which reason or related code, and for an
// event that moved a package the code sat in (a shipped case's item), that package.
import { Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { CodeDetailData } from "../../generated/calls.gen";

type TimelineEvent = CodeDetailData["timeline"][number];

const COLORS: Readonly<Record<string, string>> = { activate: "green", void: "red", handover: "blue", close_package: "gray" };

function EventLine({ event }: { event: TimelineEvent }) {
  const { t } = useTranslation();
  const kind = t(`overrides.chainLookup.kinds.${event.kind}`, { defaultValue: event.kind });
  const details = [
    event.via && t("overrides.chainLookup.via", { code: event.via }),
    event.parent_code && t("overrides.chainLookup.inPackage", { code: event.parent_code }),
    event.related_code && t("overrides.chainLookup.related", { code: event.related_code }),
    event.reason && t("overrides.chainLookup.reason", { reason: event.reason }),
    event.operator && t("overrides.chainLookup.by", { operator: event.operator }),
  ].filter(Boolean);
  return (
    <div data-testid="timeline-event" data-kind={event.kind} data-via={event.via ?? undefined}>
      <Typography.Text strong>{kind}</Typography.Text> <Typography.Text type="secondary">({event.biz_step})</Typography.Text>
      <div>
        <Typography.Text type="secondary">{new Date(event.event_time).toLocaleString()}</Typography.Text>
        {details.length > 0 && <> · {details.join(" · ")}</>}
      </div>
    </div>
  );
}

export function CodeTimeline({ events }: { events: readonly TimelineEvent[] }) {
  return (
    <Timeline
      items={events.map((event, index) => ({ key: index, color: COLORS[event.kind] ?? "blue", children: <EventLine event={event} /> }))}
    />
  );
}
