// manifest dealerField: a projection whose rows each belong to a dealer (docs/decisions/0031). A
// caller who acts for a dealer (an account with a dealer_id, whatever its type, as on /epcis:
// domain/epcis/capture/captor.ts) lists, reads and exports only that dealer's rows: its list and
// export gain the filter `<dealerField> = its dealer`, which the totals are counted under like any
// other filter; a detail of another dealer's row is not found. A dealer account given no dealer
// reads nothing. Everyone else reads every row.
import type { FastifyRequest } from "fastify";
import { message } from "../../schema/contract/messages";
import { authOf } from "../auth/access";
import type { AppContext } from "../context";
import { accountActingFor } from "../domain/epcis/capture/captor";
import { forbidden, recordMissing } from "../refusals";
import type { ResourceInfo } from "./catalog";
import type { Filter, ListQuery } from "./list-params";
import type { Row } from "./row-codec";

/** The filter that keeps the caller's dealer's rows of `info`; none when its rows are not narrowed or the caller reads them all. */
export async function dealerFilter(
  ctx: AppContext,
  info: ResourceInfo,
  request: FastifyRequest,
): Promise<Filter | undefined> {
  const field = info.resource.dealerField;
  if (!field) return undefined;
  const { accountId } = authOf(request);
  const { account, dealerId } = await accountActingFor(ctx, accountId);
  if (dealerId === undefined) return undefined;
  if (dealerId === null) throw forbidden(message("epcisCapture.dealerWithoutDealer", { account }));
  return { column: info.byName.get(field)!, op: "eq", value: dealerId };
}

/** `query` narrowed by `filter`, when there is one. */
export const narrowed = (query: ListQuery, filter: Filter | undefined): ListQuery =>
  filter ? { ...query, filters: [...query.filters, filter] } : query;

/** Refuses a row outside `filter` as one that does not exist: the caller may not know of it. */
export function refuseOutside(info: ResourceInfo, row: Row, filter: Filter | undefined): void {
  if (filter && Number(row[filter.column.name]) !== filter.value) throw recordMissing(info.resource.name, row.id);
}
