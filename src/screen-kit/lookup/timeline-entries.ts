// One timeline from two sources, by time: the ledger's events (what the chain did to the code) and
// the consumer scans a lookup may put among them (not ledger events: a scan changes no state of the
// chain, so it is no EPCIS event either). Equal times keep the ledger first.

/** A ledger event as the lookups answer it (schema/contract/chain-lookup-calls.ts). */
export interface LedgerEvent {
  readonly kind: string;
  readonly biz_step: string;
  readonly event_time: string;
  readonly via?: string | null;
  /** Declared in error (EPCIS error declaration): kept in the history, but it did not happen. */
  readonly declared_in_error?: boolean;
  readonly parent_code?: string | null;
  readonly related_code?: string | null;
  readonly reason?: string | null;
  readonly read_point?: string | null;
  readonly operator?: string | null;
}

/** A consumer scan as 信息查询's call answers it. */
export interface ConsumerScan {
  readonly scanned_at: string;
  readonly scan_index: number;
  readonly result: string;
  readonly region: { readonly code: string; readonly name: string | null } | null;
  readonly path?: string | null;
}

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
