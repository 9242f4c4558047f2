// A station's scan queue for the life of its screen: taken up from the browser's store when the
// station opens, sent again at once when the browser says the connection is back, and its state
// (pending, why waiting, refused after waiting) for the part of the screen that shows it: the view is
// read through subscribe and current, not held in the station's own state, so a scan's way through
// the queue draws that part again and not the station.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { callEndpoint } from "../../api/endpoint-call";
import { stationBatch } from "../../api/generated/calls.gen";
import { readCallAnswer, TIMEOUT_MS } from "../../api/http-client";
import { ScanQueue, type BatchAnswer, type Outcome, type QueueView } from "./scan-queue";
import { defaultScanStore, type QueuedScan } from "./scan-store";

/** A scan's attempt with no answer by then is abandoned and retried with its key (spec §9's time-out). */
export const SCAN_TIMEOUT_MS = TIMEOUT_MS.default;
/** The line does not wait longer for a verdict: a slower answer shows the scan queued, and comes later. */
export const SCAN_ANSWER_MS = 1000;

/** The header carrying a scan's key; the server applies a key once and answers a repeat as the first time. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

const sendScan = (scan: QueuedScan, signal: AbortSignal) =>
  callEndpoint({ method: scan.method, path: scan.path }, scan.body, signal, {
    headers: { [IDEMPOTENCY_HEADER]: scan.key },
  });

/** Scans that came while one was in flight, in one request: each answered in its place, read as its own call's answer. */
async function sendScans(scans: readonly QueuedScan[], signal: AbortSignal): Promise<readonly BatchAnswer[]> {
  // A station's call is a POST: the generator refuses any other for a station (normalize/station.ts).
  const [first, ...rest] = scans.map(({ key, method, path, body }) => ({ key, method: method as "POST", path, body }));
  const answers = await stationBatch({ calls: [first, ...rest] }, signal);
  return Promise.all(
    answers.map((answer) =>
      readCallAnswer(answer.status, answer.body).then(
        (data): BatchAnswer => ({ ok: true, data }),
        (error: unknown): BatchAnswer => ({ ok: false, error }),
      ),
    ),
  );
}

const EMPTY_VIEW: QueueView = { pending: 0, queued: 0, refused: [], persistent: true };

export interface StationScans {
  /** The view now; the same object until the queue changes. */
  readonly current: () => QueueView;
  /** Calls `changed` whenever the view does; answers the call that stops it. */
  readonly subscribe: (changed: () => void) => () => void;
  readonly submit: (scan: Omit<QueuedScan, "seq" | "station">) => Promise<Outcome>;
  readonly retryNow: () => void;
  readonly clearRefused: (key: string) => void;
}

export function useScanQueue(
  station: string,
  onSettled: (scan: QueuedScan, outcome: Exclude<Outcome, { kind: "queued" }>) => void,
): StationScans {
  const latest = useRef(EMPTY_VIEW);
  const listeners = useRef(new Set<() => void>());
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);
  const queue = useRef<ScanQueue | undefined>(undefined);

  useEffect(() => {
    const created = new ScanQueue({
      station,
      store: defaultScanStore(),
      send: sendScan,
      sendMany: sendScans,
      timeoutMs: SCAN_TIMEOUT_MS,
      answerWithinMs: SCAN_ANSWER_MS,
      onSettled: (scan, outcome) => settled.current(scan, outcome),
      onChange: (next) => {
        latest.current = next;
        for (const listener of [...listeners.current]) listener();
      },
    });
    queue.current = created;
    void created.load();
    const online = () => created.retryNow();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      created.dispose();
      if (queue.current === created) queue.current = undefined;
    };
  }, [station]);

  const submit = useCallback((scan: Omit<QueuedScan, "seq" | "station">): Promise<Outcome> => {
    if (!queue.current) return Promise.resolve({ kind: "refused", error: new Error("station closed") });
    return queue.current.submit(scan);
  }, []);
  const retryNow = useCallback(() => queue.current?.retryNow(), []);
  const clearRefused = useCallback((key: string) => void queue.current?.clearRefused(key), []);
  const current = useCallback(() => latest.current, []);
  const subscribe = useCallback((changed: () => void) => {
    listeners.current.add(changed);
    return () => void listeners.current.delete(changed);
  }, []);
  return useMemo(
    () => ({ current, subscribe, submit, retryNow, clearRefused }),
    [current, subscribe, submit, retryNow, clearRefused],
  );
}
