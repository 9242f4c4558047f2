// What the station's queue notice shows of the queue. A scan that goes straight to the server and
// back changes the queue's view twice (pending 0 → 1 → 0) but nothing the notice shows, since the
// notice is up only while a scan waits, the server is being retried or the browser is offline: such a
// change must not draw the notice again, at a scanner's pace that is two commits of React per scan.
import type { QueueView } from "./scan-queue";

/** The notice is up: a scan waits (its caller told "queued"), a retry is set, or there is no network. */
export const noticeUp = (view: QueueView, online: boolean): boolean =>
  view.queued > 0 || view.waiting !== undefined || !online;

/** Whether the notice would show the same for both views (`online` the same for both). */
export function sameNotice(a: QueueView, b: QueueView, online: boolean): boolean {
  const up = noticeUp(a, online);
  return (
    up === noticeUp(b, online) &&
    (!up || a.pending === b.pending) &&
    a.waiting === b.waiting &&
    a.refused === b.refused &&
    a.persistent === b.persistent
  );
}
