// spec §8: an ended session (code 50012 or 50014) asks once, however many calls failed together:
// "Confirm logout" with Re-Login (reset the token and reload) and Cancel (stay on the page). After
// Cancel, a call that was already on its way when the user answered does not ask again (a slow
// page's last calls are part of the same failure); the next call sent after it does.
import { App } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { onSessionEnded } from "../api/http-client";
import { resetSession } from "../api/session";
import { shellHasShown } from "../state/shell-shown";

export function SessionEndedPrompt() {
  const { modal } = App.useApp();
  const { i18n } = useTranslation();
  const asking = useRef(false);
  const answeredAt = useRef(0);
  useEffect(
    () =>
      onSessionEnded((_error, sentAt) => {
        // Only a page that was working asks; a reload with an ended session goes to
        // the login form (the guard), which says so in one quiet line.
        if (asking.current || sentAt < answeredAt.current || !shellHasShown()) return;
        asking.current = true;
        modal.confirm({
          title: i18n.t("shell.session.confirmTitle"),
          content: i18n.t("shell.session.confirmText"),
          okText: i18n.t("shell.session.reLogin"),
          cancelText: i18n.t("shell.session.cancel"),
          onOk: () => {
            resetSession();
            window.location.reload();
          },
          onCancel: () => {
            answeredAt.current = Date.now();
          },
          afterClose: () => {
            asking.current = false;
          },
        });
      }),
    [modal, i18n],
  );
  return null;
}
