// Each seeded dealer is authorised for the city of its sales region (the first dealer also for a
// second province): grants the authorise-region rule accepts, so the demo's channel checks and
// evidence have real ones. Random rows would grant districts, which the rule refuses.
import type { AppContext } from "../context";
import { DEALER_REGIONS } from "../domain/authorise-region";
import { addressIndex } from "../org/address-areas";

export function seedDealerRegions(ctx: AppContext): void {
  const regions = ctx.catalog.find(DEALER_REGIONS);
  const dealers = ctx.catalog.find("dealers");
  if (!regions || !dealers?.byName.has("region_code")) return;
  const known = new Set(
    [...addressIndex().values()]
      .flat()
      .filter((area) => area.level <= 2)
      .map((area) => area.code),
  );
  const provinces = (addressIndex().get("0") ?? []).map((area) => area.code);
  const rows = ctx.store.all<{ id: number; region_code: string | null }>(
    `SELECT "id" AS id, "region_code" AS region_code FROM "dealers" ORDER BY "id"`,
  );
  ctx.store.transaction(() => {
    rows.forEach((dealer, index) => {
      const code = dealer.region_code ?? "";
      const city = `${code.slice(0, 4)}00`;
      const grant = known.has(city)
        ? city
        : known.has(`${code.slice(0, 2)}0000`)
          ? `${code.slice(0, 2)}0000`
          : undefined;
      if (grant) ctx.records.insert(regions, { dealer_id: dealer.id, region_code: grant });
      const other = provinces.find((province) => province.slice(0, 2) !== code.slice(0, 2));
      if (index === 0 && other) ctx.records.insert(regions, { dealer_id: dealer.id, region_code: other });
    });
  });
}
