// The shell's question "is someone signed in?", asked through refine's useIsAuthenticated (the
// auth provider's check: a token whose roles have loaded, spec §4). The answer is asked afresh each
// time a page that needs it mounts; while it is asked, a remembered "no" is not trusted (it may be
// from before a sign-in), a remembered "yes" is (the session ends only by logout or reload).
// A failure to load the roles is shown once, with the spec's texts (§5).
import { useIsAuthenticated } from "@refinedev/core";
import { App } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EMPTY_INFO_MESSAGE, NO_ROLES_MESSAGE } from "../permission/roles";
import { MESSAGE_DURATION_S } from "../settings";

const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [NO_ROLES_MESSAGE]: "shell.session.noRoles",
  [EMPTY_INFO_MESSAGE]: "shell.session.emptyInfo",
};

/** undefined while the question is open. */
export type SessionAnswer = { readonly authenticated: boolean; readonly redirectTo?: string } | undefined;

export function useSessionCheck(): SessionAnswer {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data, isFetching } = useIsAuthenticated({ queryOptions: { refetchOnMount: "always" } });
  const answer = !data || (isFetching && !data.authenticated) ? undefined : data;
  const error = answer?.error;
  const shown = useRef<unknown>(undefined);

  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    const text = error instanceof Error ? error.message : String(error);
    void message.error(MESSAGE_KEYS[text] ? t(MESSAGE_KEYS[text]) : text || "Has Error", MESSAGE_DURATION_S);
  }, [error, message, t]);

  return answer && { authenticated: answer.authenticated, redirectTo: answer.redirectTo };
}
