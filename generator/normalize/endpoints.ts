// A resource's endpoints: the defaults of its kind under its api path, then the manifest's own
// (a null removes a default). The validate stage reads them too, to refuse what a missing call
// would leave unreachable.
import type { Endpoint, ResourceEndpoints } from "../model/model";
import type { HttpMethod, ResourceEndpointName } from "../../schema/contract/vocabulary";
import type { RawResource } from "../../schema/contract/manifest.gen";
import { parseEndpoint } from "./context";
import { DEFAULT_ENDPOINT_SUFFIX } from "./defaults";

export function endpointsOf(raw: RawResource): ResourceEndpoints {
  const defaults: Partial<Record<ResourceEndpointName, readonly [string, string]>> = raw.report
    ? { list: DEFAULT_ENDPOINT_SUFFIX.report }
    : raw.projection
      ? {}
      : raw.singleton
        ? { detail: DEFAULT_ENDPOINT_SUFFIX.detail, update: DEFAULT_ENDPOINT_SUFFIX.update }
        : {
            list: DEFAULT_ENDPOINT_SUFFIX.list,
            detail: DEFAULT_ENDPOINT_SUFFIX.detail,
            create: DEFAULT_ENDPOINT_SUFFIX.create,
            update: DEFAULT_ENDPOINT_SUFFIX.update,
            delete: DEFAULT_ENDPOINT_SUFFIX.delete,
            options: DEFAULT_ENDPOINT_SUFFIX.options,
            ...(raw.tree ? { tree: DEFAULT_ENDPOINT_SUFFIX.tree } : {}),
          };
  const result: Partial<Record<ResourceEndpointName, Endpoint>> = {};
  for (const [name, [method, suffix]] of Object.entries(defaults) as [
    ResourceEndpointName,
    readonly [string, string],
  ][]) {
    result[name] = { method: method as HttpMethod, path: `${raw.api}/${suffix}` };
  }
  for (const [name, value] of Object.entries(raw.endpoints ?? {}) as [ResourceEndpointName, string | null][]) {
    if (value === null) delete result[name];
    else result[name] = parseEndpoint(value);
  }
  return result;
}
