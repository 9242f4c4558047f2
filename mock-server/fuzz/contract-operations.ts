// Every operation the contract declares (resource endpoints and actions), plus the spec §7
// calls the server adds, with the names of the fields each one takes: what the fuzz test aims at.
import type { ContractEndpoint, ServerContract } from "../../schema/contract/server-contract";

export interface Operation {
  readonly method: "GET" | "POST";
  readonly path: string;
  /** Field or parameter names the operation knows, to mix with unknown ones. */
  readonly fields: readonly string[];
}

const SPECIAL: readonly Operation[] = [
  {
    method: "POST",
    path: "/api/sso/login",
    fields: ["account_name", "account_password", "account_type", "permissions"],
  },
  { method: "POST", path: "/api/sso/loginout", fields: [] },
  { method: "GET", path: "/api/org/menutree/selectedlist", fields: ["token"] },
  { method: "POST", path: "/api/org/employees/updatepasswordself", fields: ["old_password", "new_password"] },
  { method: "POST", path: "/api/org/loginlog/add", fields: ["accountName", "loginIp"] },
  { method: "GET", path: "/api/org/enterpriseaccountnoauth/geticp", fields: ["enterprise_code"] },
  { method: "GET", path: "/api/public/scan", fields: ["code"] },
];

export function contractOperations(contract: ServerContract): Operation[] {
  const seen = new Set<string>();
  const operations: Operation[] = [];
  const add = (endpoint: ContractEndpoint, fields: readonly string[]) => {
    const key = `${endpoint.method} ${endpoint.path}`;
    if (seen.has(key) || (endpoint.method !== "GET" && endpoint.method !== "POST")) return;
    seen.add(key);
    operations.push({ method: endpoint.method, path: endpoint.path, fields });
  };
  for (const resource of contract.resources) {
    const columns = resource.columns.map((column) => column.name);
    const listFields = [
      "page",
      "size",
      "sort",
      ...columns,
      ...columns.flatMap((name) => [`${name}_from`, `${name}_to`]),
    ];
    for (const [kind, endpoint] of Object.entries(resource.endpoints)) {
      if (!endpoint) continue;
      add(endpoint, kind === "list" ? listFields : kind === "options" ? ["q", "ids"] : ["id", ...columns]);
    }
    for (const action of resource.actions ?? []) add(action.endpoint, ["id", "new_password", ...columns]);
  }
  for (const operation of SPECIAL) if (!seen.has(`${operation.method} ${operation.path}`)) operations.push(operation);
  return operations;
}
