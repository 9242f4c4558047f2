// Where a lookup's link goes, as an address of the console: another lookup sent a code, a record's
// detail, a list filtered the way refine keeps filters in the address (syncWithLocation), or a create
// form filled in through its query string.
import type { LookupLinkTarget } from "../../../schema/contract/lookup-config";
import { valueText as text } from "../../utils/value-text";
import { valueAt, type ValueScope } from "./value-at";

/** The address, or undefined where the value it needs is missing (a link to nothing is not shown). */
export function linkHref(link: LookupLinkTarget, scope: ValueScope, value: unknown): string | undefined {
  switch (link.kind) {
    case "lookup": {
      const code = text(value);
      return code ? `${link.path}?${new URLSearchParams({ [link.param]: code })}` : undefined;
    }
    case "show": {
      const id = text(valueAt(scope, link.id));
      return id ? link.path.replace(":id", encodeURIComponent(id)) : undefined;
    }
    case "list": {
      const filters = Object.entries(link.filter).map(([field, path]) => [field, text(valueAt(scope, path))]);
      if (filters.some(([, v]) => !v)) return undefined;
      const query = filters
        .map(
          ([field, v], i) =>
            `filters[${i}][field]=${field}&filters[${i}][operator]=eq&filters[${i}][value]=${encodeURIComponent(v)}`,
        )
        .join("&");
      return `${link.path}?pageSize=10&currentPage=1&${query}`;
    }
    case "create": {
      const values = Object.entries(link.values).flatMap(([field, path]) => {
        const v = text(valueAt(scope, path));
        return v ? [[field, v]] : [];
      });
      return `${link.path}?${new URLSearchParams(values)}`;
    }
  }
}
