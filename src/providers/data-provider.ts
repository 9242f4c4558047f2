// refine's DataProvider over request(). The generator puts each resource's calls in
// resource.meta.endpoints; refine merges resource meta into every call (its useMeta), so the
// provider needs no table of its own. Errors stay the ApiError request() throws: it already has
// refine's HttpError shape (message, statusCode, errors), and authProvider.onError reads it.
import type { BaseRecord, CustomParams, DataProvider, MetaQuery } from "@refinedev/core";
import { HTTP_METHODS } from "../../schema/contract/vocabulary";
import {
  callEndpoint,
  normalizeList,
  requireEndpoint,
  toHttpMethod,
  toIdValue,
  toQuery,
  type Endpoint,
  type EndpointName,
  type Params,
  type ResourceEndpoints,
} from "../api/endpoint-call";
import { buildListParams, filtersToQuery, sortersToParam } from "../api/list-query";
import { ApiError, request } from "../api/http-client";

/** What the provider reads of a resource's meta, each value checked. */
export interface ResourceMeta {
  readonly resource: string;
  readonly endpoints?: ResourceEndpoints;
  /** false: the list call returns every row. */
  readonly paged?: boolean;
  /** One record, read and updated without an id. */
  readonly singleton?: boolean;
  /** The contract resource whose field labels a refusal uses. */
  readonly dataResource?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isString = (value: unknown): value is string => typeof value === "string";
const isEndpoint = (value: unknown): value is Endpoint =>
  isObject(value) && HTTP_METHODS.some((method) => method === value.method) && isString(value.path);
const isEndpoints = (value: unknown): value is ResourceEndpoints =>
  isObject(value) && Object.values(value).every(isEndpoint);

/**
 * refine's meta is untyped (`Record<string, any>`) and merged from the resource, the URL's
 * parameters and the hook, so each value is checked before use: an absent one keeps its default,
 * one of another type is refused, naming the resource and the key.
 */
function readMeta(resource: string, meta: MetaQuery | undefined): ResourceMeta {
  const read = <T>(key: string, is: (value: unknown) => value is T, expected: string): T | undefined => {
    const value: unknown = meta?.[key];
    if (value === undefined || is(value)) return value;
    throw new Error(`${resource}: meta.${key} is not ${expected}`);
  };
  return {
    resource,
    endpoints: read("endpoints", isEndpoints, "a map of {method, path} endpoints"),
    paged: read("paged", isBoolean, "a boolean"),
    singleton: read("singleton", isBoolean, "a boolean"),
    dataResource: read("dataResource", isString, "a string"),
  };
}

/** The endpoint the resource declares for `operation`, called; a refusal names the fields by their labels. */
function callDeclared(meta: ResourceMeta, operation: EndpointName, params: Params): Promise<unknown> {
  return callEndpoint(requireEndpoint(meta.endpoints, operation, meta.resource), params, undefined, {
    resource: meta.dataResource,
  });
}

/** Every failure as refine's HttpError: an ApiError, which has its shape (message, statusCode, errors). */
export function toHttpError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(error instanceof Error ? error.message : String(error), 0, 0);
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toHttpError(error);
  }
}

/** Writes may answer null or a bare id; refine still wants a record. */
function asRecord<T>(data: unknown, fallback: Params): T {
  return (data && typeof data === "object" ? data : fallback) as T;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => "",

  getList: ({ resource, pagination, sorters, filters, meta }) =>
    guarded(async () => {
      const declared = readMeta(resource, meta);
      const params = buildListParams({ pagination, sorters, filters, paged: declared.paged !== false });
      const { list, total } = normalizeList<never>(await callDeclared(declared, "list", params));
      return { data: list, total };
    }),

  getOne: ({ resource, id, meta }) =>
    guarded(async () => {
      const declared = readMeta(resource, meta);
      const params = declared.singleton ? {} : { id: toIdValue(id) };
      return { data: asRecord(await callDeclared(declared, "detail", params), {}) };
    }),

  create: ({ resource, variables, meta }) =>
    guarded(async () => {
      const body = variables as Params;
      return { data: asRecord(await callDeclared(readMeta(resource, meta), "create", body), body) };
    }),

  update: ({ resource, id, variables, meta }) =>
    guarded(async () => {
      const declared = readMeta(resource, meta);
      // A singleton's id (if any) travels in the variables; refine's id is only a placeholder then.
      const body = declared.singleton ? { ...(variables as Params) } : { ...(variables as Params), id: toIdValue(id) };
      return { data: asRecord(await callDeclared(declared, "update", body), body) };
    }),

  deleteOne: ({ resource, id, meta }) =>
    guarded(async () => {
      const body = { id: toIdValue(id) };
      return { data: asRecord(await callDeclared(readMeta(resource, meta), "delete", body), body) };
    }),

  custom: <TData extends BaseRecord = BaseRecord>({ url, method, filters, sorters, query, payload }: CustomParams) =>
    guarded(async () => {
      const sort = sortersToParam(sorters);
      const fullQuery = toQuery({
        ...filtersToQuery(filters),
        ...(sort ? { sort } : {}),
        ...(query as Params | undefined),
      });
      const data = await request<TData>({ method: toHttpMethod(method), path: url, query: fullQuery, body: payload });
      return { data };
    }),
};
