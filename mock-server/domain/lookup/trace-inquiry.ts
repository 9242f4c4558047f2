// 信息查询: what an inspector needs about one code in the market. Its
// chain and timeline are 码查询's (code-detail.ts: the ledger, inspections included); beside them
// the dealer and waybill it is attributed to now and the regions that dealer may sell in, its
// consumer scans with the region each came from, the warnings raised on it, and where the inspector
// stands, a GPS position resolved offline to a city (AppOptions.geoRegions). Read only.
import type { ChainContext } from "../chain-context";
import { parseGeoUri } from "../../regions/geo-region";
import { attributionOf } from "../logistics/attribution";
import { dealerRegionCodes } from "../logistics/authorise-region";
import { codeDetail, type CodeDetail, type Named } from "./code-detail";
import { regionOf, type Region } from "./code-logistics";

export interface TraceInquiry {
  readonly detail: CodeDetail;
  readonly position: { readonly geo: string; readonly region: Region | null } | null;
  readonly attribution: {
    readonly dealer: Named;
    readonly waybill: Named;
    readonly shipped_at: string | null;
    readonly authorised_regions: readonly (Region | null)[];
  } | null;
  readonly scans: readonly {
    scanned_at: string;
    result: string;
    scan_index: number;
    region: Region | null;
    path: string | null;
  }[];
  readonly warnings: readonly {
    id: number;
    rule: string;
    status: string;
    scan_count: number | null;
    first_seen_at: string | null;
    last_seen_at: string | null;
    region: Region | null;
    verdict: string | null;
  }[];
}

/** Where `geo` lies: the city its position falls in, or null (no position, abroad). */
export function positionOf(ctx: ChainContext, geo: string | undefined): TraceInquiry["position"] {
  if (!geo) return null;
  const point = parseGeoUri(geo);
  return { geo, region: regionOf(point && ctx.options.geoRegions(point)) };
}

export async function traceInquiry(ctx: ChainContext, code: string, geo: string | undefined): Promise<TraceInquiry> {
  const detail = await codeDetail(ctx, code);
  const attributed = await attributionOf(ctx, detail.code);
  const scans = ctx.catalog.find("consumer_scans")
    ? await ctx.store.all<{
        scanned_at: string;
        result: string;
        scan_index: number;
        region_code: string | null;
        path: string | null;
      }>(
        `SELECT "scanned_at" AS scanned_at, "result" AS result, "scan_index" AS scan_index, "region_code" AS region_code, "path" AS path
         FROM "consumer_scans" WHERE "code" = ? ORDER BY "scanned_at", "id"`,
        [detail.code],
      )
    : [];
  const warnings = ctx.catalog.find("consumer_warnings")
    ? await ctx.store.all<{
        id: number;
        rule: string;
        status: string;
        scan_count: number | null;
        first_seen_at: string | null;
        last_seen_at: string | null;
        region_code: string | null;
        verdict: string | null;
      }>(
        `SELECT "id" AS id, "rule" AS rule, "status" AS status, "scan_count" AS scan_count, "first_seen_at" AS first_seen_at,
                "last_seen_at" AS last_seen_at, "region_code" AS region_code, "verdict" AS verdict
         FROM "consumer_warnings" WHERE "code" = ? ORDER BY "id" DESC`,
        [detail.code],
      )
    : [];
  return {
    detail,
    position: positionOf(ctx, geo),
    attribution: attributed && {
      dealer: { id: attributed.dealer_id, name: attributed.dealer_name },
      waybill: { id: attributed.waybill_id, name: attributed.waybill_no },
      shipped_at: attributed.shipped_at,
      authorised_regions: (await dealerRegionCodes(ctx, attributed.dealer_id)).map(regionOf),
    },
    scans: scans.map(({ region_code, ...scan }) => ({ ...scan, region: regionOf(region_code) })),
    warnings: warnings.map(({ region_code, ...warning }) => ({ ...warning, region: regionOf(region_code) })),
  };
}
