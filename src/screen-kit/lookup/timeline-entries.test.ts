import { describe, expect, it } from "vitest";
import { timelineEntries, type ConsumerScan, type LedgerEvent } from "./timeline-entries";

const event = (kind: string, event_time: string) => ({ kind, event_time }) as LedgerEvent;
const scan = (scanned_at: string, scan_index: number) =>
  ({ scanned_at, scan_index, result: "genuine", region: null, path: "m_q" }) as ConsumerScan;

describe("a lookup's timeline", () => {
  it("puts consumer scans among the ledger's events by time, the ledger first at equal times", () => {
    const entries = timelineEntries(
      [
        event("activate", "2024-06-01T08:00:00Z"),
        event("ship", "2024-06-02T08:00:00Z"),
        event("inspect", "2024-06-05T08:00:00Z"),
      ],
      [scan("2024-06-03T08:00:00Z", 1), scan("2024-06-05T08:00:00Z", 2)],
    );
    expect(
      entries.map((entry) => (entry.source === "ledger" ? entry.event.kind : `scan ${entry.scan.scan_index}`)),
    ).toEqual(["activate", "ship", "scan 1", "inspect", "scan 2"]);
  });

  it("is the ledger alone where there are no scans (a lookup without scans)", () => {
    expect(timelineEntries([event("issue", "2024-06-01T08:00:00Z")])).toEqual([
      { source: "ledger", event: event("issue", "2024-06-01T08:00:00Z") },
    ]);
  });
});
