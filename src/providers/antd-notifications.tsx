// refine's notifications through antd's <App> notification, laid out as @refinedev/antd's own
// provider lays them out (refine's message as the notice's text, its description as the title).
// Ours so that the console's chunk does not load @refinedev/antd (one module: with it its every
// component's imports) before the first screen asks for it; the undo countdown, for
// refine's undoable mode, loads when it is shown.
import type { NotificationProvider } from "@refinedev/core";
import { App } from "antd";
import { lazy, Suspense, useMemo } from "react";

const UndoCountdown = lazy(() => import("./UndoCountdown"));

export function useAntdNotifications(): NotificationProvider {
  const { notification } = App.useApp();
  return useMemo<NotificationProvider>(
    () => ({
      open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
        if (type === "progress") {
          notification.open({
            key,
            description: (
              <Suspense fallback={message}>
                <UndoCountdown
                  message={message}
                  cancelMutation={() => {
                    cancelMutation?.();
                    notification.destroy(key ?? "");
                  }}
                  undoableTimeout={undoableTimeout}
                />
              </Suspense>
            ),
            message: null,
            duration: 0,
            closeIcon: <></>,
          });
        } else {
          notification.open({ key, description: message, message: description ?? null, type });
        }
      },
      close: (key) => notification.destroy(key),
    }),
    [notification],
  );
}
