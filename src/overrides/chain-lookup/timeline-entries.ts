// One timeline from two sources, by time: the ledger's events (what the chain did to the code) and,
// in 信息查询, the consumer scans (not ledger events: a scan changes no state of the chain, so it is
// no EPCIS event either). Equal times keep the ledger first.
import type { CodeDetailData, TraceInquiryData } from "../../api/generated/calls.gen";

export type LedgerEvent = CodeDetailData["timeline"][number];
export type ConsumerScan = TraceInquiryData["scans"][number];

export type TimelineEntry =
  { readonly source: "ledger"; readonly event: LedgerEvent } | { readonly source: "scan"; readonly scan: ConsumerScan };

const timeOf = (entry: TimelineEntry): number =>
  Date.parse(entry.source === "ledger" ? entry.event.event_time : entry.scan.scanned_at);

export function timelineEntries(events: readonly LedgerEvent[], scans: readonly ConsumerScan[] = []): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...events.map((event) => ({ source: "ledger" as const, event })),
    ...scans.map((scan) => ({ source: "scan" as const, scan })),
  ];
  // A stable sort: each source stays in its own order where the times are equal.
  return entries
    .map((entry, index) => ({ entry, index, time: timeOf(entry) }))
    .sort(
      (a, b) =>
        a.time - b.time ||
        (a.entry.source === b.entry.source ? a.index - b.index : a.entry.source === "ledger" ? -1 : 1),
    )
    .map(({ entry }) => entry);
}
