// spec §7 addressareas/findByParentCode: the area tree (regions/address-areas.ts) a level at a time;
// parent_code 0 or empty gives the provinces.
import type { AppContext } from "../context";
import { envelopeSchema } from "../envelope";
import { callRoute, type RouteTable } from "../http/route-table";
import { CALLS } from "../../schema/contract/calls";
import { findByParentCode } from "../regions/address-areas";

export function registerAddressAreaRoutes(_ctx: AppContext, routes: RouteTable): void {
  routes.add({
    ...callRoute(CALLS.regionChildren, {}),
    response: envelopeSchema(CALLS.regionChildren.data),
    tags: ["addressareas"],
    handler: (_request, query) => findByParentCode(query.parent_code as string | undefined),
  });
}
