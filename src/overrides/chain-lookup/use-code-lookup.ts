// One lookup by code, driven by the address's ?code=: its answer, or the server's refusal (a
// format error for a mistyped check character, "no such code" for an unknown one). `context` is
// anything else the call depends on (信息查询's GPS position): a new one asks again.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import type { ApiError } from "../../api/http-client";

export interface Lookup<T> {
  readonly code: string;
  readonly loading: boolean;
  readonly data?: T;
  readonly error?: string;
  readonly search: (code: string) => void;
}

export function useCodeLookup<T>(load: (code: string, signal: AbortSignal) => Promise<T>, context = ""): Lookup<T> {
  const [params, setParams] = useSearchParams();
  const code = params.get("code") ?? "";
  const asked = `${code}\n${context}`;
  const [state, setState] = useState<{ asked: string; data?: T; error?: string }>();
  useEffect(() => {
    if (!code) return;
    const abort = new AbortController();
    load(code, abort.signal).then(
      (data) => setState({ asked, data }),
      (error: ApiError) => {
        if (!abort.signal.aborted) setState({ asked, error: error.errors?.code ?? error.message });
      },
    );
    return () => abort.abort();
    // load is the screen's fixed call
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const current = state?.asked === asked ? state : undefined;
  return {
    code,
    loading: !!code && !current,
    data: current?.data,
    error: current?.error,
    search: (next) => setParams(next ? { code: next } : {}),
  };
}
