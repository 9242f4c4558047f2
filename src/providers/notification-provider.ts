// refine's antd notifications, one per failure: a failure that ended the session
// is asked about once by the shell (spec §8 "Confirm logout"), so no notification repeats it; and
// the same failure reported by several calls at once (a list and its refetch) shows once.
import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import { useMemo } from "react";
import { isSessionEndedText } from "../api/http-client";
import { useAntdNotifications } from "./antd-notifications";

/** Identical notifications within this window are one. */
export const SAME_FAILURE_MS = 3000;

export function createNotificationFilter(now: () => number = Date.now): (params: OpenNotificationParams) => boolean {
  const shown = new Map<string, number>();
  return (params) => {
    if (params.type !== "error") return true;
    if (isSessionEndedText(String(params.description ?? ""))) return false;
    const identity = `${String(params.message)}\u0000${String(params.description ?? "")}`;
    const at = now();
    const last = shown.get(identity);
    shown.set(identity, at);
    for (const [key, time] of shown) if (at - time > SAME_FAILURE_MS) shown.delete(key);
    return last === undefined || at - last > SAME_FAILURE_MS;
  };
}

export function useConsoleNotificationProvider(): NotificationProvider {
  const antd = useAntdNotifications();
  return useMemo(() => {
    const passes = createNotificationFilter();
    return { open: (params) => (passes(params) ? antd.open(params) : undefined), close: antd.close };
  }, [antd]);
}
