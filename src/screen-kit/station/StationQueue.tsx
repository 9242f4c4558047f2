// What the station's queue means to the operator: how many scans wait for the server and why, when
// the next try is, and the scans the server refused after they had waited, each to be taken out of
// the box and cleared by hand. A scan on its way with its verdict still awaited is not shown here:
// the verdict answers for it, and the line's every scan would flash the notice; nor is the notice
// drawn again for such a scan (queue-notice.ts).
import { Alert, Button, List } from "antd";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { QueueView } from "./scan-queue";
import { sameNotice } from "./queue-notice";
import type { StationScans } from "./use-scan-queue";

interface StationQueueProps {
  readonly scans: StationScans;
}

const subscribeOnline = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};

/** Whether the browser knows of a network: offline, the station says so before a scan fails. */
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/** The seconds until `at`, ticking while there is one. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 500);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The queue's view, kept as it was while the notice would show the same: React then draws nothing. */
function useShownView(scans: StationScans, online: boolean): QueueView {
  const shown = useRef<QueueView | undefined>(undefined);
  const read = useCallback(() => {
    const view = scans.current();
    if (!shown.current || !sameNotice(shown.current, view, online)) shown.current = view;
    return shown.current;
  }, [scans, online]);
  return useSyncExternalStore(scans.subscribe, read, read);
}

export function StationQueue({ scans }: StationQueueProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const view = useShownView(scans, online);
  const seconds = useSecondsUntil(view.waiting?.retryAt);
  const waiting = view.waiting;
  return (
    <>
      {(view.queued > 0 || waiting || !online) && (
        <Alert
          data-testid="station-queue"
          type="warning"
          showIcon
          message={
            view.pending > 0 || online
              ? t("screens.station.queue.pending", { n: view.pending })
              : t("screens.station.queue.offline")
          }
          description={
            waiting &&
            `${t(`screens.station.queue.${waiting.reason}`, { status: waiting.status })} · ${t("screens.station.queue.retryIn", { seconds })}`
          }
          action={
            waiting && (
              <Button size="small" onClick={scans.retryNow}>
                {t("screens.station.queue.retryNow")}
              </Button>
            )
          }
        />
      )}
      {!view.persistent && <Alert type="warning" showIcon message={t("screens.station.queue.memoryOnly")} />}
      {view.refused.length > 0 && (
        <Alert
          data-testid="station-replay-refused"
          type="error"
          showIcon
          role="alert"
          message={t("screens.station.queue.refusedTitle", { n: view.refused.length })}
          description={
            <List
              size="small"
              dataSource={[...view.refused]}
              rowKey="key"
              renderItem={(scan) => (
                <List.Item
                  actions={[
                    <Button key="clear" size="small" onClick={() => scans.clearRefused(scan.key)}>
                      {t("screens.station.queue.clear")}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta title={<code>{scan.code}</code>} description={scan.refusal} />
                </List.Item>
              )}
            />
          }
        />
      )}
    </>
  );
}
