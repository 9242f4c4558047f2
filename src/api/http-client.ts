// The one place a response becomes data or an error (spec §7, §8): the request client
// of src/api, the console's one door to the server.
// Every call of the console goes through request() (an envelope answer) or requestFile() (a file
// answer), which share one sending path; refine's data provider, the typed clients, the auth
// provider and the shell read the ApiError it throws and nothing else.
import { isSessionEnded, type Envelope } from "../../schema/contract/envelope";
import type { HttpMethod } from "../../schema/contract/vocabulary";
import type { MessageRef } from "../../schema/contract/messages";
import { requestLanguage, serverMessageText } from "./server-messages";
import { getToken } from "./session-cookies";

/** spec §9: 5 s for the login client, 15 s for every other call. */
export const TIMEOUT_MS = { login: 5000, default: 15000 } as const;
export type ClientKind = keyof typeof TIMEOUT_MS;

export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: number;
  /** Field name → message, from a validation failure; refine's useForm shows them on the fields. */
  readonly errors?: Record<string, string>;
  constructor(message: string, statusCode: number, code: number, errors?: Record<string, string>) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
  get sessionEnded(): boolean {
    return isSessionEnded(this.code);
  }
}

export interface RequestOptions {
  method: HttpMethod;
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  client?: ClientKind;
  /** Base URL other than the console's own origin (spec §7: the login log has its own). */
  baseUrl?: string;
  /** The contract resource the call is about: a refusal names its fields by their labels. */
  resource?: string;
  /** Headers a call adds to the common ones (a station's scan carries its Idempotency-Key). */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

/** The texts of failures that ended the session, so a notification does not repeat the shell's question (spec §8). */
const sessionEndedTexts = new Set<string>();
export const isSessionEndedText = (text: string): boolean => sessionEndedTexts.has(text);

function announceSessionEnded(error: ApiError, sentAt: number): void {
  if (sessionEndedTexts.size < 64) sessionEndedTexts.add(error.message);
  sessionEndedListeners.forEach((listener) => listener(error, sentAt));
}

/** `sentAt`: when the failed call was sent (Date.now()), so an answer given since can ignore calls sent before it. */
type SessionEndedListener = (error: ApiError, sentAt: number) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** The shell subscribes once to ask "Confirm logout" (spec §8); see onSessionEnded in the auth provider. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export function buildUrl(path: string, query?: RequestOptions["query"], baseUrl = ""): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.append(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ""}`;
}

/** The error half of the envelope beyond {status_code, message, code, data} (mock-server/errors.ts). */
interface ErrorDetails {
  key?: string;
  params?: MessageRef["params"];
  field?: string;
  errors?: Record<string, string>;
  error_keys?: Record<string, Pick<MessageRef, "key" | "params">>;
}

/** The refusal in the console's language: the message, and each field's rule for the form. */
async function refusalOf(
  body: Partial<Envelope<unknown>> & ErrorDetails,
  statusCode: number,
  resource?: string,
): Promise<ApiError> {
  const fallback = body.message || `Request failed (${statusCode})`;
  const text = await serverMessageText(
    body.key ? { key: body.key, params: body.params, field: body.field } : undefined,
    fallback,
    resource,
  );
  const errors = body.errors
    ? Object.fromEntries(
        await Promise.all(
          Object.entries(body.errors).map(
            async ([field, rule]) =>
              [field, await serverMessageText(body.error_keys?.[field], rule, resource)] as const,
          ),
        ),
      )
    : undefined;
  return new ApiError(text, statusCode, body.code ?? statusCode, errors);
}

export async function parseEnvelope<T>(response: Response, resource?: string): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(
      `${response.status} ${response.statusText || "invalid response"}`,
      response.status,
      response.status,
    );
  }
  return await readCallAnswer<T>(response.status, body, resource);
}

/**
 * A call's answer from its status and parsed envelope: its data, or the ApiError of its refusal. The
 * one reading of an envelope, for a call's own response (parseEnvelope) and for each call a station's
 * batch answers inside its own.
 */
export async function readCallAnswer<T>(status: number, body: unknown, resource?: string): Promise<T> {
  const answer = (body ?? {}) as Partial<Envelope<T>> & ErrorDetails;
  const statusCode = typeof answer.status_code === "number" ? answer.status_code : status;
  if (status < 200 || status >= 300 || statusCode !== 200) throw await refusalOf(answer, statusCode, resource);
  return answer.data as T;
}

let inFlight = 0;
/** Calls sent and not yet answered, file downloads included (the sidebar's prefetch waits for the page's own calls). */
export const callsInFlight = (): number => inFlight;

/**
 * The headers of every call: `accept` says how the answer is read; the Token (spec §7: every call
 * carries it when a token exists) and the language of the server's `message` are the same for all.
 */
export function requestHeaders(accept: string, body?: unknown): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  const language = requestLanguage();
  if (language) headers["Accept-Language"] = language;
  const token = getToken();
  if (token) headers.Token = token;
  // A FormData body (a multipart call) sets its own Content-Type with the boundary.
  if (body !== undefined && !(body instanceof FormData)) headers["Content-Type"] = "application/json";
  return headers;
}

/** How an answer is read: the Accept it asks for, and the reading, which throws ApiError for a refusal. */
interface AnswerReader<T> {
  readonly accept: string;
  readonly read: (response: Response) => Promise<T>;
}

/**
 * The one path of every call: counted in flight until its answer is read, timed out after `timeout`
 * ms when one is given, and every failure an ApiError; an ended session is announced once, here.
 */
async function send<T>(options: RequestOptions, timeout: number | undefined, reader: AnswerReader<T>): Promise<T> {
  inFlight += 1;
  const sentAt = Date.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeout === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener("abort", cancel);
  try {
    const response = await fetch(buildUrl(options.path, options.query, options.baseUrl), {
      method: options.method,
      headers: { ...options.headers, ...requestHeaders(reader.accept, options.body) },
      body:
        options.body instanceof FormData
          ? options.body
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
      signal: controller.signal,
    });
    return await reader.read(response);
  } catch (error) {
    const apiError =
      error instanceof ApiError
        ? error
        : timedOut
          ? new ApiError(`timeout of ${timeout}ms exceeded`, 0, 0)
          : new ApiError(error instanceof Error ? error.message : String(error), 0, 0);
    if (apiError.sessionEnded) announceSessionEnded(apiError, sentAt);
    throw apiError;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", cancel);
    inFlight -= 1;
  }
}

export function request<T>(options: RequestOptions): Promise<T> {
  return send(options, TIMEOUT_MS[options.client ?? "default"], {
    accept: "application/json",
    read: (response) => parseEnvelope<T>(response, options.resource),
  });
}

export interface FileProgress {
  /** Bytes received so far. */
  readonly bytes: number;
  /** 0–1 when the server announced its row count (X-Total-Count) and the file is CSV; else undefined. */
  readonly fraction?: number;
}

export interface DownloadedFile {
  readonly blob: Blob;
  /** From Content-Disposition (RFC 5987 filename*), if the server named the file. */
  readonly fileName?: string;
}

/**
 * A file call (list exports, a batch's codes, a photo): sent, counted and refused as request() is,
 * but the answer is a file read as it streams, reporting progress. An envelope's data (a JSON
 * document such as an EPCIS export) is the file as JSON. No timeout: a million rows take seconds;
 * `signal` cancels.
 */
export function requestFile(
  options: Pick<RequestOptions, "path" | "query" | "signal">,
  onProgress: (progress: FileProgress) => void,
): Promise<DownloadedFile> {
  return send({ ...options, method: "GET" }, undefined, {
    accept: "*/*",
    read: (response) => readFile(response, onProgress),
  });
}

async function readFile(response: Response, onProgress: (progress: FileProgress) => void): Promise<DownloadedFile> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || type.startsWith("application/json")) {
    // A call whose answer is the envelope (the EPCIS export): its data is the file.
    const json = JSON.stringify(await parseEnvelope(response), null, 2);
    onProgress({ bytes: json.length });
    return { blob: new Blob([json], { type: "application/json" }) };
  }
  const total = Number(response.headers.get("x-total-count") ?? NaN);
  const csv = type.startsWith("text/csv");
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (csv) for (const byte of value) if (byte === 10) lines += 1;
    onProgress({ bytes, fraction: csv && total > 0 ? Math.min(1, Math.max(0, lines - 1) / total) : undefined });
  }
  const disposition = response.headers.get("content-disposition") ?? "";
  const named = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  return {
    blob: new Blob(chunks as BlobPart[], { type: type || "application/octet-stream" }),
    ...(named ? { fileName: decodeURIComponent(named) } : plain ? { fileName: plain } : {}),
  };
}
