// refine's DataProvider over request(). The generator puts each resource's calls in
// resource.meta.endpoints; refine merges resource meta into every call (notes §2), so the
// provider needs no table of its own. Errors stay the ApiError request() throws: it already has
// refine's HttpError shape (message, statusCode, errors), and authProvider.onError reads it.
import type { BaseRecord, CustomParams, DataProvider, HttpError, MetaQuery } from "@refinedev/core";
import {
  callEndpoint,
  normalizeList,
  requireEndpoint,
  toHttpMethod,
  toIdValue,
  toQuery,
  type CallOptions,
  type Params,
  type ResourceEndpoints,
} from "../api/endpoint-call";
import { buildListParams, filtersToQuery, sortersToParam } from "../api/list-query";
import { ApiError, request } from "../api/http-client";

export interface ResourceMeta {
  endpoints?: ResourceEndpoints;
  /** false: the list call returns every row. */
  paged?: boolean;
  /** One record, read and updated without an id. */
  singleton?: boolean;
  dataResource?: string;
}

function readMeta(meta: MetaQuery | undefined): ResourceMeta {
  return (meta ?? {}) as ResourceMeta;
}

/** A refusal names the fields of the screen's contract resource by their labels. */
const labelsOf = (meta: MetaQuery | undefined): CallOptions => ({ resource: readMeta(meta).dataResource });

export function toHttpError(error: unknown): HttpError {
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
      const { endpoints, paged } = readMeta(meta);
      const params = buildListParams({ pagination, sorters, filters, paged: paged !== false });
      const { list, total } = normalizeList<never>(
        await callEndpoint(requireEndpoint(endpoints, "list", resource), params, undefined, labelsOf(meta)),
      );
      return { data: list, total };
    }),

  getOne: ({ resource, id, meta }) =>
    guarded(async () => {
      const { endpoints, singleton } = readMeta(meta);
      const params = singleton ? {} : { id: toIdValue(id) };
      return {
        data: asRecord(
          await callEndpoint(requireEndpoint(endpoints, "detail", resource), params, undefined, labelsOf(meta)),
          {},
        ),
      };
    }),

  create: ({ resource, variables, meta }) =>
    guarded(async () => {
      const endpoint = requireEndpoint(readMeta(meta).endpoints, "create", resource);
      return {
        data: asRecord(
          await callEndpoint(endpoint, variables as Params, undefined, labelsOf(meta)),
          variables as Params,
        ),
      };
    }),

  update: ({ resource, id, variables, meta }) =>
    guarded(async () => {
      const { endpoints, singleton } = readMeta(meta);
      // A singleton's id (if any) travels in the variables; refine's id is only a placeholder then.
      const body = singleton ? { ...(variables as Params) } : { ...(variables as Params), id: toIdValue(id) };
      return {
        data: asRecord(
          await callEndpoint(requireEndpoint(endpoints, "update", resource), body, undefined, labelsOf(meta)),
          body,
        ),
      };
    }),

  deleteOne: ({ resource, id, meta }) =>
    guarded(async () => {
      const body = { id: toIdValue(id) };
      return {
        data: asRecord(
          await callEndpoint(
            requireEndpoint(readMeta(meta).endpoints, "delete", resource),
            body,
            undefined,
            labelsOf(meta),
          ),
          body,
        ),
      };
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
