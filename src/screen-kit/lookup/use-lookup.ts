// One lookup, driven by the address's ?<param>=: the call's answer for the code there, or the
// server's refusal (a format error for a mistyped check character, "no such code" for an unknown
// one). `context` is anything else the call is sent (a device position): a new one asks again.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { callEndpoint, toHttpMethod } from "../../api/endpoint-call";
import type { ApiError } from "../../api/http-client";
import type { LookupConfig } from "../../../schema/contract/lookup-config";

export interface Lookup {
  readonly code: string;
  readonly loading: boolean;
  readonly data?: unknown;
  readonly error?: string;
  readonly search: (code: string) => void;
}

export function useLookup(config: LookupConfig, context: Readonly<Record<string, string>> = {}): Lookup {
  const [params, setParams] = useSearchParams();
  const code = params.get(config.param) ?? "";
  const asked = JSON.stringify([code, context]);
  const [state, setState] = useState<{ asked: string; data?: unknown; error?: string }>();
  useEffect(() => {
    if (!code) return;
    const abort = new AbortController();
    const endpoint = { method: toHttpMethod(config.call.method), path: config.call.path };
    callEndpoint<unknown>(endpoint, { ...context, [config.param]: code }, abort.signal).then(
      (data) => setState({ asked, data }),
      (error: ApiError) => {
        if (!abort.signal.aborted) setState({ asked, error: error.errors?.[config.param] ?? error.message });
      },
    );
    return () => abort.abort();
    // `asked` holds the code and the context; the config is the page's constant
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const current = state?.asked === asked ? state : undefined;
  return {
    code,
    loading: !!code && !current,
    data: current?.data,
    error: current?.error,
    search: (next) => setParams(next ? { [config.param]: next } : {}),
  };
}
