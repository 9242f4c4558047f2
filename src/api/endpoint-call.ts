// How one declared endpoint ({method, path}) becomes a request() call: shared by refine's data
// provider and the typed resource clients, so both speak the server protocol the same way.
import { HTTP_METHODS, type HttpMethod } from "../../schema/contract/vocabulary";
import { valueText } from "../utils/value-text";
import { request, type RequestOptions } from "./http-client";

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
}
export type EndpointName = "list" | "detail" | "create" | "update" | "delete" | "tree" | "options";
export type ResourceEndpoints = Readonly<Partial<Record<EndpointName, Endpoint>>>;
export type RecordId = string | number;
/**
 * What a call may ask of request() beyond its endpoint: spec §9's login timeout, spec §7's login-log
 * base URL, the contract resource whose field labels a refusal uses, headers of its own.
 */
export type CallOptions = Pick<RequestOptions, "client" | "baseUrl" | "resource" | "headers">;
export type Params = Readonly<Record<string, unknown>>;
type QueryValue = string | number | boolean | undefined | null;

export interface ListResult<T> {
  list: T[];
  total: number;
  page?: number;
  size?: number;
}

export function toHttpMethod(method: string): HttpMethod {
  const upper = method.toUpperCase() as HttpMethod;
  if (!HTTP_METHODS.includes(upper)) throw new Error(`Unsupported HTTP method: ${method}`);
  return upper;
}

export function requireEndpoint(endpoints: ResourceEndpoints | undefined, name: EndpointName, owner: string): Endpoint {
  const endpoint = endpoints?.[name];
  if (!endpoint) throw new Error(`${owner} has no ${name} endpoint`);
  return endpoint;
}

/** Route parameters arrive as strings; the server's schemas want integer ids. */
export function toIdValue(id: RecordId): RecordId {
  return typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : id;
}

function toQueryValue(value: unknown): QueryValue {
  if (value === undefined || value === null) return value;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.join(",");
  return valueText(value);
}

export function toQuery(params: Params | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(params ?? {})) query[key] = toQueryValue(value);
  return query;
}

/** Server protocol: GET (and DELETE) send their parameters as a query string, the others as a JSON body. */
export function callEndpoint<T>(
  endpoint: Endpoint,
  params?: Params,
  signal?: AbortSignal,
  options?: CallOptions,
): Promise<T> {
  const method = toHttpMethod(endpoint.method);
  const inQuery = method === "GET" || method === "DELETE";
  return request<T>({
    ...options,
    method,
    path: endpoint.path,
    signal,
    ...(inQuery ? { query: toQuery(params) } : { body: params ?? {} }),
  });
}

/** The form of a multipart call: each input field as text, then the files under "files". */
export function multipartBody(params: Params, files: readonly Blob[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null) form.append(name, valueText(value));
  for (const file of files) form.append("files", file, file instanceof File ? file.name : "file");
  return form;
}

/** A multipart/form-data POST (a contract call with body: multipart), through the one request client. */
export function callMultipart<T>(
  endpoint: Endpoint,
  params: Params,
  files: readonly Blob[],
  signal?: AbortSignal,
): Promise<T> {
  return request<T>({
    method: toHttpMethod(endpoint.method),
    path: endpoint.path,
    signal,
    body: multipartBody(params, files),
  });
}

/** Paged lists answer {list, total, page, size}, unpaged {list, total}; option calls may answer a bare array. */
export function normalizeList<T>(data: unknown): ListResult<T> {
  if (Array.isArray(data)) return { list: data as T[], total: data.length };
  if (data && typeof data === "object" && Array.isArray((data as { list?: unknown }).list)) {
    const paged = data as { list: T[]; total?: unknown; page?: unknown; size?: unknown };
    return {
      list: paged.list,
      total: typeof paged.total === "number" ? paged.total : paged.list.length,
      ...(typeof paged.page === "number" ? { page: paged.page } : {}),
      ...(typeof paged.size === "number" ? { size: paged.size } : {}),
    };
  }
  return { list: [], total: 0 };
}
