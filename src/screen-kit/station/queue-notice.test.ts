import { describe, expect, it } from "vitest";
import type { QueueView } from "./scan-queue";
import { sameNotice } from "./queue-notice";

const idle: QueueView = { pending: 0, queued: 0, refused: [], persistent: true };

describe("sameNotice", () => {
  it("a scan on its way with its caller waiting for the verdict changes nothing shown", () => {
    expect(sameNotice(idle, { ...idle, pending: 1 }, true)).toBe(true);
    expect(sameNotice({ ...idle, pending: 1 }, { ...idle, pending: 2 }, true)).toBe(true);
  });

  it("a scan told queued puts the notice up, and its count shows while it is", () => {
    expect(sameNotice(idle, { ...idle, pending: 1, queued: 1 }, true)).toBe(false);
    expect(sameNotice({ ...idle, pending: 1, queued: 1 }, { ...idle, pending: 2, queued: 1 }, true)).toBe(false);
  });

  it("offline, the notice is up: every change of the count shows", () => {
    expect(sameNotice(idle, { ...idle, pending: 1 }, false)).toBe(false);
  });

  it("a retry set, a refusal listed or the store lost shows", () => {
    const waiting = { reason: "offline", status: 0, retryAt: 1 } as const;
    expect(sameNotice({ ...idle, pending: 1 }, { ...idle, pending: 1, waiting }, true)).toBe(false);
    expect(sameNotice(idle, { ...idle, refused: [] }, true)).toBe(false);
    expect(sameNotice(idle, { ...idle, persistent: false }, true)).toBe(false);
  });
});
