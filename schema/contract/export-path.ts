// Where a list's server-side export lives: beside its list call, with the last path
// segment "export" (GET /api/base/warehouses/pagelist → GET /api/base/warehouses/export). The
// generator gives it to the console's screen config; the server registers it there.
export function exportPathOf(listPath: string): string {
  return `${listPath.slice(0, listPath.lastIndexOf("/"))}/export`;
}
