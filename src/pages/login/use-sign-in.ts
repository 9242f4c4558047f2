// The login page's two questions to the auth provider (the contract refine's useLogin and
// useIsAuthenticated call), asked without refine: the login loads before the console and its
// refine root, so the same provider functions are called directly.
import type { AuthActionResponse, CheckResponse } from "@refinedev/core";
import { useEffect, useState } from "react";
import { useSessionError } from "../../layout/use-session-error";
import { authProvider, type LoginParams } from "../../providers/auth-provider";

/** Signs in; `loading` stays on after a success, until the page is left for the target. */
export function useSignIn(onAnswer: (answer: AuthActionResponse) => void): {
  readonly signIn: (params: LoginParams) => void;
  readonly loading: boolean;
} {
  const [state, setState] = useState<"idle" | "asking" | "signedIn">("idle");
  const signIn = (params: LoginParams) => {
    setState("asking");
    void authProvider.login(params).then((answer) => {
      setState(answer.success ? "signedIn" : "idle");
      onAnswer(answer);
    });
  };
  return { signIn, loading: state !== "idle" };
}

/**
 * spec §2: is the visitor of /login signed in already? Asked once, when the page mounts (after our
 * own login the page stays until the console has loaded); undefined until answered. A failure to
 * load the roles is shown once.
 */
export function useSignedInAlready(): boolean | undefined {
  const [answer, setAnswer] = useState<CheckResponse>();
  useEffect(() => {
    let live = true;
    void authProvider.check().then((checked) => live && setAnswer(checked));
    return () => {
      live = false;
    };
  }, []);
  useSessionError(answer?.error);
  return answer?.authenticated;
}
