// Operators' address-to-region corrections (IP_REGION_OVERRIDES): the table of a CSV file, asked
// before the database, most specific network first, IPv4 and IPv6; every bad line named by file and
// line, a bad file refusing the start; a change to the file taken while the server runs, a bad change
// keeping the table in force. The scans go through the public call with the settable clock.
import { copyFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { envelope } from "../test-fixtures/test-app";
import { ipRegionTable } from "../regions/ip-region";
import {
  IpRegionOverrides,
  IpRegionOverridesError,
  ipv6Number,
  watchIpRegionOverrides,
  type OverridesLog,
} from "./ip-region-overrides";

const FIXTURE = resolve(import.meta.dirname, "../test-fixtures/ip-region-overrides.csv");
const HANGZHOU = "330100";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ip-region-overrides-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fileWith = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

/** The problems a file's text is refused with, or [] when it is taken. */
const problemsOf = (text: string): readonly string[] => {
  try {
    IpRegionOverrides.parse(text, "overrides.csv");
    return [];
  } catch (error) {
    if (error instanceof IpRegionOverridesError) return error.problems;
    throw error;
  }
};

/** Waits until `check` holds (a file watch answers within milliseconds), failing after 5 s. */
async function until(check: () => boolean): Promise<void> {
  for (const started = Date.now(); !check();) {
    if (Date.now() - started > 5000) throw new Error("timed out");
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe("the table of a file", () => {
  it("places an address by the most specific network holding it, IPv4 and IPv6; an address alone is a network of one", () => {
    const table = IpRegionOverrides.parse(
      [
        "\uFEFFcidr,region_code",
        "# a comment",
        "",
        "198.51.100.0/24,320100",
        "198.51.100.64/26, 510100",
        "198.51.100.99,440100",
        "0.0.0.0/0,110000",
        "2001:db8::/32,330100",
        "2001:db8:1::/48,310000",
      ].join("\r\n"),
      "overrides.csv",
    );
    expect(table.size).toBe(6);
    expect(table.regionOf("198.51.100.7")).toBe("320100");
    expect(table.regionOf("198.51.100.70")).toBe("510100");
    expect(table.regionOf("198.51.100.99")).toBe("440100");
    expect(table.regionOf("8.8.8.8")).toBe("110000");
    expect(table.regionOf("::ffff:198.51.100.7")).toBe("320100");
    expect(table.regionOf("2001:db8:2::7")).toBe("330100");
    expect(table.regionOf("2001:0db8:0001:0000::1")).toBe("310000");
    expect(table.regionOf("2001:db9::1")).toBeUndefined();
    expect(table.regionOf("not an address")).toBeUndefined();
  });

  it("reads IPv6 addresses in all their spellings", () => {
    expect(ipv6Number("::")).toBe(0n);
    expect(ipv6Number("::1")).toBe(1n);
    expect(ipv6Number("2001:db8::")).toBe(0x20010db8n << 96n);
    expect(ipv6Number("::ffff:192.0.2.1")).toBe((0xffffn << 32n) | 0xc0000201n);
    expect(ipv6Number("fe80::1%eth0")).toBe((0xfe80n << 112n) | 1n);
    expect(ipv6Number("1.2.3.4")).toBeNull();
  });

  it("names every bad line with its file, line number and reason, and takes none of the file", () => {
    expect(
      problemsOf(
        [
          "cidr,region_code",
          "203.0.113.0/24,330100",
          "203.0.113.7/24,330100",
          "203.0.113.0/33,330100",
          "not-a-network,330100",
          "198.51.100.0/24",
          "198.51.100.0/24,330106",
          "198.51.100.0/24,999999",
          "198.51.100.0/24,hangzhou",
          "2001:db8::1/32,330100",
          "203.000.113.0/24,330100",
          "203.0.113.0/24,320100",
        ].join("\n"),
      ),
    ).toEqual([
      "overrides.csv:3: 203.0.113.7/24 has bits set past /24: the network is 203.0.113.0/24",
      "overrides.csv:4: /33 is longer than an IPv4 address (at most /32)",
      'overrides.csv:5: "not-a-network" is not an IPv4 or IPv6 network (e.g. 203.0.113.0/24, 2001:db8::/32)',
      'overrides.csv:6: expected "CIDR,region code", found 1 field',
      "overrides.csv:7: region code 330106 (西湖区) is a district: a scan is placed in a city or a province (330100)",
      "overrides.csv:8: region code 999999 is not in the region tree",
      'overrides.csv:9: region code "hangzhou" is not six digits (GB/T 2260, e.g. 330100)',
      "overrides.csv:10: 2001:db8::1/32 has bits set past /32: the network is 2001:db8::/32",
      'overrides.csv:11: "203.000.113.0/24" is not an IPv4 or IPv6 network (e.g. 203.0.113.0/24, 2001:db8::/32)',
      "overrides.csv:12: 203.0.113.0/24 is already placed on line 2",
    ]);
  });
});

describe("a watched file", () => {
  it("is read again when it changes; a bad change keeps the table in force and logs its lines", async () => {
    const file = fileWith("watched.csv", "203.0.113.0/24,330100\n");
    const logged: { level: string; facts: object }[] = [];
    const log: OverridesLog = {
      info: (facts) => logged.push({ level: "info", facts }),
      warn: (facts) => logged.push({ level: "warn", facts }),
    };
    const watched = watchIpRegionOverrides(file, log);
    const lookup = watched.before(() => "110000");
    try {
      expect(lookup("203.0.113.7")).toBe(HANGZHOU);
      expect(lookup("8.8.8.8")).toBe("110000");
      writeFileSync(file, "203.0.113.0/24,320100\n");
      await until(() => lookup("203.0.113.7") === "320100");
      writeFileSync(file, "203.0.113.0/24,320100\n203.0.113.0/24,330106\n");
      await until(() => logged.some((entry) => entry.level === "warn"));
      expect(lookup("203.0.113.7")).toBe("320100");
      expect(logged.find((entry) => entry.level === "warn")?.facts).toEqual({
        file,
        problems: [
          `${file}:2: region code 330106 (西湖区) is a district: a scan is placed in a city or a province (330100)`,
        ],
      });
      // An editor that saves by renaming a new file over the old one is followed too.
      writeFileSync(`${file}.new`, "203.0.113.0/24,510100\n");
      renameSync(`${file}.new`, file);
      await until(() => lookup("203.0.113.7") === "510100");
    } finally {
      watched.close();
    }
  });
});

describe("the server with IP_REGION_OVERRIDES", () => {
  let chain: ChainApp;
  let file: string;
  beforeAll(async () => {
    file = join(dir, "served.csv");
    copyFileSync(FIXTURE, file);
    // The base lookup places the documentation range in Beijing: the override stands before it.
    chain = await chainApp({
      ipRegions: ipRegionTable({ "203.0.113.7": "110000", "58.192.0.1": "320100" }),
      ipRegionOverrides: file,
    });
  }, 60_000);
  afterAll(() => chain.app.close());

  const scannedFrom = async (remoteAddress: string) => {
    const code = (
      await chain.all(`SELECT code FROM trace_codes WHERE status = 'shipped' AND scan_count = 0 ORDER BY id LIMIT 1`)
    )[0].code as string;
    const answer = envelope(
      await chain.app.inject({ method: "GET", url: "/api/public/scan", query: { code }, remoteAddress }),
    );
    expect(answer.code, answer.message).toBe(0);
    return (
      await chain.all(`SELECT ip, region_code FROM consumer_scans WHERE code = ? ORDER BY id DESC LIMIT 1`, [code])
    )[0];
  };

  it("places a scan from a documentation-range address in Hangzhou, before the database", async () => {
    expect(await scannedFrom("203.0.113.7")).toEqual({ ip: "203.0.113.7", region_code: HANGZHOU });
    expect(await scannedFrom("198.51.100.70")).toEqual({ ip: "198.51.100.70", region_code: "510100" });
    // An address no override holds is the database's.
    expect(await scannedFrom("58.192.0.1")).toEqual({ ip: "58.192.0.1", region_code: "320100" });
    // An IPv6 address is placed too; the scan log records IPv4 addresses only.
    expect(await scannedFrom("2001:db8::7")).toEqual({ ip: null, region_code: HANGZHOU });
  });

  it("takes a change to the file while it runs, and keeps the table in force when the change is bad", async () => {
    writeFileSync(file, "203.0.113.0/24,320100\n");
    await until(() => chain.app.consoleContext.options.ipRegions("203.0.113.7") === "320100");
    expect(await scannedFrom("203.0.113.8")).toEqual({ ip: "203.0.113.8", region_code: "320100" });
    writeFileSync(file, "203.0.113.0/24,330100\nbroken line\n");
    await new Promise((done) => setTimeout(done, 500));
    expect(await scannedFrom("203.0.113.9")).toEqual({ ip: "203.0.113.9", region_code: "320100" });
  });

  it("refuses to start on a bad file, naming each bad line", async () => {
    const bad = fileWith("bad.csv", "cidr,region_code\n203.0.113.0/24,330100\n203.0.113.7/24,330100\n");
    const started = buildApp({ contract, dbFile: ":memory:", seed: false, docs: false, ipRegionOverrides: bad });
    await expect(started).rejects.toThrow(IpRegionOverridesError);
    await expect(started).rejects.toThrow(
      `${bad}:3: 203.0.113.7/24 has bits set past /24: the network is 203.0.113.0/24`,
    );
    const missing = join(dir, "missing.csv");
    await expect(
      buildApp({ contract, dbFile: ":memory:", seed: false, docs: false, ipRegionOverrides: missing }),
    ).rejects.toThrow(`${missing}: cannot be read (ENOENT)`);
  });
});
