// The typed client behind every generated src/api/generated/clients/*.gen.ts: one resource's calls
// over request(), speaking the same protocol as refine's data provider (endpoint-call.ts).
import {
  callEndpoint,
  normalizeList,
  requireEndpoint,
  toIdValue,
  type Endpoint,
  type ListResult,
  type Params,
  type RecordId,
  type ResourceEndpoints,
} from "./endpoint-call";
import { clampPageSize } from "./list-query";

/** page (1-based), size (≤ 100), sort ("field" / "-field", comma-separated), then filters. */
export interface ResourceListParams {
  readonly page?: number;
  readonly size?: number;
  readonly sort?: string;
  /** <field>=value for eq/contains; <field>_from / <field>_to for ranges. */
  readonly [filter: string]: string | number | boolean | undefined;
}

/** What an options call answers: the id as value and the label field's text (max 50). */
export interface OptionItem {
  readonly value: RecordId;
  readonly label: string;
}

export interface ResourceClientOptions {
  /** Used in error messages, e.g. "products". */
  readonly name?: string;
  /** One record without an id (a form screen such as 维护企业). */
  readonly singleton?: boolean;
  /** Domain actions beyond CRUD, by name. */
  readonly actions?: Readonly<Record<string, Endpoint>>;
}

export interface ResourceClient<TRecord, TInput> {
  list(params?: ResourceListParams): Promise<ListResult<TRecord>>;
  detail(id?: RecordId): Promise<TRecord>;
  create(input: TInput): Promise<TRecord>;
  update(id: RecordId | undefined, input: Partial<TInput>): Promise<TRecord>;
  remove(id: RecordId): Promise<void>;
  /**
   * Options matching q; ids (the current selection) come first. `where` narrows them the way a
   * manifest x-ref-where does (e.g. positions of one department: {depart_id: 3}); the server
   * accepts only columns some reference is narrowed by.
   */
  options(
    q?: string,
    ids?: readonly RecordId[],
    where?: Readonly<Record<string, string | number>>,
  ): Promise<OptionItem[]>;
  /** Runs a domain action: row actions send {id, ...body}, collection actions send body. */
  action<TResult = unknown>(name: string, id?: RecordId, body?: Params): Promise<TResult>;
}

function withoutEmpty(params: ResourceListParams): Params {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ""));
}

export function createResourceClient<TRecord, TInput>(
  endpoints: ResourceEndpoints,
  options: ResourceClientOptions = {},
): ResourceClient<TRecord, TInput> {
  const owner = options.name ?? "resource";
  const endpoint = (name: keyof ResourceEndpoints) => requireEndpoint(endpoints, name, owner);
  // A refusal names this resource's fields by their labels.
  const labels = { resource: options.name };
  const idParams = (id: RecordId | undefined): Params =>
    options.singleton || id === undefined ? {} : { id: toIdValue(id) };

  return {
    async list(params = {}) {
      const sent = params.size === undefined ? params : { ...params, size: clampPageSize(params.size) };
      return normalizeList<TRecord>(await callEndpoint(endpoint("list"), withoutEmpty(sent), undefined, labels));
    },
    detail: (id) => callEndpoint<TRecord>(endpoint("detail"), idParams(id), undefined, labels),
    create: (input) => callEndpoint<TRecord>(endpoint("create"), input as Params, undefined, labels),
    update: (id, input) =>
      callEndpoint<TRecord>(endpoint("update"), { ...(input as Params), ...idParams(id) }, undefined, labels),
    async remove(id) {
      await callEndpoint<unknown>(endpoint("delete"), { id: toIdValue(id) }, undefined, labels);
    },
    async options(q, ids, where) {
      const params = { ...where, ...(q ? { q } : {}), ...(ids && ids.length > 0 ? { ids: ids.join(",") } : {}) };
      return normalizeList<OptionItem>(await callEndpoint(endpoint("options"), params, undefined, labels)).list;
    },
    action<TResult>(name: string, id?: RecordId, body?: Params) {
      const declared = options.actions?.[name];
      if (!declared) return Promise.reject(new Error(`${owner} has no action ${name}`));
      const params = id === undefined ? { ...body } : { ...body, id: toIdValue(id) };
      return callEndpoint<TResult>(declared, params, undefined, labels);
    },
  };
}
