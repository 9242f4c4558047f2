// The shell's question "is someone signed in?", asked through refine's useIsAuthenticated (the
// auth provider's check: a token whose roles have loaded, spec §4). The answer is asked afresh each
// time a page that needs it mounts; while it is asked, a remembered "no" is not trusted (it may be
// from before a sign-in), a remembered "yes" is (the session ends only by logout or reload).
// A failure to load the roles is shown once, with the spec's texts (spec §5).
import { useIsAuthenticated } from "@refinedev/core";
import { useSessionError } from "./use-session-error";

/** undefined while the question is open. */
export type SessionAnswer = { readonly authenticated: boolean; readonly redirectTo?: string } | undefined;

export function useSessionCheck(): SessionAnswer {
  const { data, isFetching } = useIsAuthenticated({ queryOptions: { refetchOnMount: "always" } });
  const answer = !data || (isFetching && !data.authenticated) ? undefined : data;
  useSessionError(answer?.error);
  return answer && { authenticated: answer.authenticated, redirectTo: answer.redirectTo };
}
