// spec §8: an ended session (code 50012 or 50014) asks once, however many calls failed together:
// "Confirm logout" with Re-Login (reset the token and reload) and Cancel (stay on the page).
import { App } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { onSessionEnded } from "../api/http-client";
import { resetSession } from "../api/session";

export function SessionEndedPrompt() {
  const { modal } = App.useApp();
  const { i18n } = useTranslation();
  const asking = useRef(false);
  useEffect(
    () =>
      onSessionEnded(() => {
        if (asking.current) return;
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
          afterClose: () => {
            asking.current = false;
          },
        });
      }),
    [modal, i18n],
  );
  return null;
}
