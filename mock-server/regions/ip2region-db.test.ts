// ip2region-db.ts reads the package's own database; it must find what the package finds.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { Ip2regionDb, ipv4Number } from "./ip2region-db";
import { ip2regionLookup } from "./ip-region";

interface Package {
  default: new (options: object) => { searchRaw(ip: string, parse: false): { region: string } | null };
}
const IP2Region = (createRequire(import.meta.url)("ip2region") as Package).default;

/** Sampled addresses: anywhere, and mostly in networks the data places in China (fixed seed). */
function sample(count: number): string[] {
  let state = 20261126;
  const next = (below: number) => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) % below;
  const chinese = [36, 39, 42, 58, 60, 101, 106, 110, 112, 114, 117, 120, 121, 123, 180, 183, 202, 211, 218, 221, 223];
  return Array.from({ length: count }, (_, i) =>
    [i % 4 === 0 ? next(256) : chinese[next(chinese.length)], next(256), next(256), next(256)].join("."),
  );
}

describe("ip2region's database, read directly", () => {
  it("finds the same record as the package's own search for every sampled address", () => {
    const db = new Ip2regionDb();
    const library = new IP2Region({ disableIpv6: true });
    const addresses = [...sample(40_000), "0.0.0.0", "1.0.0.0", "255.255.255.255", "127.0.0.1"];
    const differ = addresses.filter((ip) => {
      const record = db.recordOf(ip);
      return (record === 0 ? null : db.textOf(record)) !== (library.searchRaw(ip, false)?.region ?? null);
    });
    expect(differ).toEqual([]);
  });

  it("resolves to the city, else the province, and nothing for private, foreign or malformed addresses", () => {
    const regionOf = ip2regionLookup();
    expect(regionOf("114.114.114.114")).toBe("320100"); // 江苏省南京市
    expect(regionOf("223.5.5.5")).toBe("330100"); // 浙江省杭州市
    expect(regionOf("202.96.209.133")).toBe("310000"); // 上海
    for (const ip of ["192.168.1.1", "8.8.8.8", "01.2.3.4", "1.2.3", "256.1.1.1", "::1", ""])
      expect(regionOf(ip)).toBeNull();
  });

  it("reads dotted addresses as numbers, refusing what is not one", () => {
    expect(ipv4Number("1.2.3.4")).toBe(0x01020304);
    expect(ipv4Number("255.255.255.255")).toBe(4294967295);
    for (const bad of ["1.2.3", "1.2.3.4.5", "1.2.3.256", "1.2.03.4", "a.b.c.d", "1..2.3", " 1.2.3.4"])
      expect(ipv4Number(bad)).toBeNull();
  });
});
