// A failure to load the roles is shown once, with the spec's texts (spec §5): by the route guard and by
// the login, whichever asked the auth provider's check. The guard then sends the visitor to /login,
// which unmounts the signed-in console and the message host of its antd <App>: the message goes
// through the public pages' host (app/PublicMessageHost, in ThemeRoot), which outlives it.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { publicMessage } from "../app/shell-message";
import { EMPTY_INFO_MESSAGE, NO_ROLES_MESSAGE } from "../api/session-roles";
import { MESSAGE_DURATION_S } from "../settings";

const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [NO_ROLES_MESSAGE]: "shell.session.noRoles",
  [EMPTY_INFO_MESSAGE]: "shell.session.emptyInfo",
};

export function useSessionError(error: unknown): void {
  const { t } = useTranslation();
  const shown = useRef<unknown>(undefined);

  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    const text = error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
    void publicMessage.error(MESSAGE_KEYS[text] ? t(MESSAGE_KEYS[text]) : text || "Has Error", MESSAGE_DURATION_S);
  }, [error, t]);
}
