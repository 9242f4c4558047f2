import { describe, expect, it } from "vitest";
import { message } from "../../../../schema/contract/messages";
import type { EventResult } from "./event-result";
import { jobSummary, LISTED_REFUSALS } from "./job-summary";

const unknown = message("epcisCapture.rolledBack");
const document = {
  prefixes: {},
  events: [{ eventID: "urn:uuid:first" }, { type: "ObjectEvent" }, { eventID: "urn:uuid:third" }],
};

describe("a capture job's summary", () => {
  it("counts accepted, refused and rolled-back events and keeps each refusal with its event's ids", () => {
    const results: EventResult[] = [
      { index: 0, outcome: "captured", capturedEventID: "ni:a", eventID: "ni:A" },
      { index: 1, outcome: "duplicate", capturedEventID: "ni:b", eventID: "ni:B" },
      { index: 2, outcome: "refused", capturedEventID: "ni:c", reason: unknown },
    ];
    expect(jobSummary(results, document)).toEqual({
      accepted: 2,
      refused: 1,
      rolledBack: 0,
      refusals: [{ index: 2, event_id: "urn:uuid:third", event_hash: "ni:c", reason: unknown }],
    });
  });

  it("lists neither a rolled-back event nor an eventID the document did not give", () => {
    const results: EventResult[] = [
      { index: 0, outcome: "rolledBack", capturedEventID: "ni:a", reason: unknown },
      { index: 1, outcome: "refused", reason: unknown },
    ];
    const summary = jobSummary(results, document);
    expect(summary).toMatchObject({ accepted: 0, refused: 1, rolledBack: 1 });
    expect(summary.refusals).toEqual([{ index: 1, event_id: null, event_hash: null, reason: unknown }]);
  });

  it("keeps a refusal of the whole job as one of no event, counted as none of its events", () => {
    const summary = jobSummary([{ index: -1, outcome: "refused", reason: unknown }]);
    expect(summary).toEqual({
      accepted: 0,
      refused: 0,
      rolledBack: 0,
      refusals: [{ index: null, event_id: null, event_hash: null, reason: unknown }],
    });
  });

  it("lists the first refusals only, and counts them all", () => {
    const results: EventResult[] = Array.from({ length: LISTED_REFUSALS + 5 }, (_, index) => ({
      index,
      outcome: "refused",
      reason: unknown,
    }));
    const summary = jobSummary(results);
    expect(summary.refused).toBe(LISTED_REFUSALS + 5);
    expect(summary.refusals).toHaveLength(LISTED_REFUSALS);
    expect(summary.refusals.at(-1)?.index).toBe(LISTED_REFUSALS - 1);
  });
});
