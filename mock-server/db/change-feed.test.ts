import { describe, expect, it } from "vitest";
import { decodeChanges, encodeChanges, PAYLOAD_LIMIT, type Change } from "./change-feed";

describe("the change feed's payloads", () => {
  it("carry tables and keys from their origin, each once", () => {
    const changes: Change[] = [
      { topic: "brands" },
      { topic: "_sessions", key: "account:3" },
      { topic: "brands" },
      { topic: "_sessions", key: "account:3" },
      { topic: "_password_change", key: "3" },
    ];
    const payloads = encodeChanges("p1", changes);
    expect(payloads).toHaveLength(1);
    expect(decodeChanges(payloads[0])).toEqual({
      origin: "p1",
      changes: [{ topic: "brands" }, { topic: "_sessions", key: "account:3" }, { topic: "_password_change", key: "3" }],
    });
  });

  it("send a whole topic for its keys when the topic is written whole too", () => {
    const payloads = encodeChanges("p1", [{ topic: "_sessions", key: "token:ab" }, { topic: "_sessions" }]);
    expect(payloads.map((payload) => decodeChanges(payload)!.changes)).toEqual([[{ topic: "_sessions" }]]);
  });

  it("stay under PostgreSQL's payload limit: many tables split, a topic of many keys goes whole", () => {
    const tables = Array.from({ length: 600 }, (_, i) => ({ topic: `table_with_a_long_name_${i}` }));
    const keys = Array.from({ length: 2000 }, (_, i) => ({ topic: "_sessions", key: `account:${i}` }));
    const payloads = encodeChanges("p1", [...tables, ...keys]);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(payload.length).toBeLessThanOrEqual(PAYLOAD_LIMIT);
    const heard = payloads.flatMap((payload) => decodeChanges(payload)!.changes);
    expect(heard).toEqual([...tables, { topic: "_sessions" }]);
  });

  it("ignore what is not one of theirs", () => {
    for (const payload of ["", "not json", "null", '{"o":1,"c":[]}', '{"o":"p","c":[[1]]}', '{"o":"p"}'])
      expect(decodeChanges(payload)).toBeUndefined();
  });
});
