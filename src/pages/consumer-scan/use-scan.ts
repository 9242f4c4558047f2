// The scan of the page's code, once per view (scan-views.ts), as a state the page renders.
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { ApiError } from "../../api/http-client";
import { scanViews, type ScanAnswer } from "./scan-api";

export type ScanState =
  | { readonly status: "loading" }
  | { readonly status: "done"; readonly answer: ScanAnswer }
  | { readonly status: "failed"; readonly error: ApiError };

const LOADING: ScanState = { status: "loading" };

const toApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(error instanceof Error ? error.message : String(error), 0, 0);

/** No call without a code (an invalid one never reaches the server). */
export function useScan(code: string | undefined): { readonly state: ScanState; readonly retry: () => void } {
  const { key: view } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ readonly id: string; readonly state: ScanState }>();
  const id = `${view}\u0000${code ?? ""}\u0000${attempt}`;

  useEffect(() => {
    if (code === undefined) return;
    let live = true;
    scanViews.get(view, code).then(
      (answer) => live && setSettled({ id, state: { status: "done", answer } }),
      (error: unknown) => live && setSettled({ id, state: { status: "failed", error: toApiError(error) } }),
    );
    return () => {
      live = false;
    };
  }, [id, view, code]);

  const retry = useCallback(() => {
    if (code === undefined) return;
    void scanViews.retry(view, code).catch(() => undefined); // the effect, run again by setAttempt, shows its outcome
    setAttempt((n) => n + 1);
  }, [view, code]);

  return { state: settled?.id === id ? settled.state : LOADING, retry };
}
