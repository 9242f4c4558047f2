// Each seeded dealer is authorised for the city of its sales region (the first dealer also for a
// second province): lists the authorise-region rule accepts, so the demo's channel checks and
// evidence have real ones. Random values would list districts, which the rule refuses.
import type { AppContext } from "../context";
import { AUTHORISED_REGIONS, checkAuthorisedRegions, DEALERS } from "../domain/logistics/authorise-region";
import { addressIndex } from "../regions/address-areas";
import { writeLinks } from "../resources/links";

export async function seedDealerRegions(ctx: AppContext): Promise<void> {
  const dealers = ctx.catalog.find(DEALERS);
  if (!dealers?.links.some((column) => column.name === AUTHORISED_REGIONS) || !dealers.byName.has("region_code"))
    return;
  const known = new Set(
    [...addressIndex().values()]
      .flat()
      .filter((area) => area.level <= 2)
      .map((area) => area.code),
  );
  const provinces = (addressIndex().get("0") ?? []).map((area) => area.code);
  const rows = await ctx.store.all<{ id: number; region_code: string | null }>(
    `SELECT "id" AS id, "region_code" AS region_code FROM "dealers" ORDER BY "id"`,
  );
  await ctx.store.transaction(async () => {
    for (const [index, dealer] of rows.entries()) {
      const code = dealer.region_code ?? "";
      const city = `${code.slice(0, 4)}00`;
      const province = `${code.slice(0, 2)}0000`;
      const grant = known.has(city) ? city : known.has(province) ? province : undefined;
      const other = provinces.find((candidate) => candidate.slice(0, 2) !== code.slice(0, 2));
      const codes = [...(grant ? [grant] : []), ...(index === 0 && other ? [other] : [])];
      checkAuthorisedRegions(codes);
      await writeLinks(ctx.store, dealers, dealer.id, { [AUTHORISED_REGIONS]: codes });
    }
  });
}
