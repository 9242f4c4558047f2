// Operators' corrections of where an address lies (IP_REGION_OVERRIDES): a CSV of `CIDR,region code`
// lines, IPv4 or IPv6 networks, each placed in a province or city of the server's region tree
// (GB/T 2260, regions/address-areas.ts). They are asked before the ip2region database: a company's
// intranet, a carrier's range the database does not know, or an entry it has wrong. The most
// specific network holding an address wins. Blank lines and lines starting with # are skipped, and
// a first line `cidr,region_code` is a header.
//
// A file is taken whole or not at all: every bad line is reported as `file:line: reason`. At start a
// bad file stops the server (app.ts); a change to the file is picked up while it runs, and a bad
// change keeps the table in force, with the reasons in the log.
import { readFileSync, watch, type FSWatcher } from "node:fs";
import { isIPv6 } from "node:net";
import { basename, dirname } from "node:path";
import { areaByCode } from "../regions/address-areas";
import { ipv4Number } from "../regions/ip2region-db";
import type { IpRegionLookup } from "../regions/ip-region";

/** A file of overrides that has bad lines: each problem is `file:line: reason`. */
export class IpRegionOverridesError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: ${problems.length} bad line${problems.length === 1 ? "" : "s"}\n${problems.join("\n")}`);
    this.name = "IpRegionOverridesError";
  }
}

/** Networks of one address family, by prefix length, longest first: network → region code. */
class Networks<N extends number | bigint> {
  private readonly byLength = new Map<number, Map<N, string>>();
  private lengths: number[] = [];

  constructor(private readonly mask: (address: N, length: number) => N) {}

  add(network: N, length: number, region: string): void {
    let networks = this.byLength.get(length);
    if (!networks) {
      this.byLength.set(length, (networks = new Map<N, string>()));
      this.lengths = [...this.byLength.keys()].sort((a, b) => b - a);
    }
    networks.set(network, region);
  }

  regionOf(address: N): string | undefined {
    for (const length of this.lengths) {
      const region = this.byLength.get(length)!.get(this.mask(address, length));
      if (region !== undefined) return region;
    }
    return undefined;
  }

  get empty(): boolean {
    return this.lengths.length === 0;
  }
}

const maskV4 = (address: number, length: number): number =>
  length === 0 ? 0 : (address & (-1 << (32 - length))) >>> 0;
const ALL_V6 = (1n << 128n) - 1n;
const maskV6 = (address: bigint, length: number): bigint => address & (ALL_V6 ^ (ALL_V6 >> BigInt(length)));

/** An IPv6 address as a 128-bit number, or null; a zone (`%eth0`) is ignored, a dotted IPv4 tail read. */
export function ipv6Number(text: string): bigint | null {
  const address = text.split("%")[0];
  if (!isIPv6(address)) return null;
  let groups = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail) {
    const v4 = ipv4Number(tail[1]);
    if (v4 === null) return null;
    groups = `${address.slice(0, tail.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, rest] = groups.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const words =
    rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return words.reduce((value, word) => (value << 16n) | BigInt(parseInt(word, 16)), 0n);
}

const formatV4 = (value: number): string => [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join(".");
const formatV6 = (value: bigint): string =>
  Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16))
    .join(":")
    .replace(/(^|:)0(:0)+(:|$)/, "::");

/** The overrides of one file. */
export class IpRegionOverrides {
  private readonly v4 = new Networks<number>(maskV4);
  private readonly v6 = new Networks<bigint>(maskV6);
  private count = 0;

  /** Networks in the table. */
  get size(): number {
    return this.count;
  }

  /** The region `ip` is placed in, or undefined when no network holds it (an IPv4-mapped IPv6 address is read as IPv4). */
  regionOf(ip: string): string | undefined {
    if (this.count === 0) return undefined;
    const v4 = ipv4Number(ip) ?? (ip.startsWith("::ffff:") ? ipv4Number(ip.slice(7)) : null);
    if (v4 !== null) return this.v4.empty ? undefined : this.v4.regionOf(v4);
    if (this.v6.empty) return undefined;
    const v6 = ipv6Number(ip);
    return v6 === null ? undefined : this.v6.regionOf(v6);
  }

  /**
   * The table of `text` (the file's content); `file` names the lines in the problems. Throws
   * IpRegionOverridesError naming every bad line.
   */
  static parse(text: string, file: string): IpRegionOverrides {
    const table = new IpRegionOverrides();
    const problems: string[] = [];
    const seen = new Map<string, number>();
    let header = true;
    text
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)
      .forEach((raw, index) => {
        const line = raw.trim();
        if (!line || line.startsWith("#")) return;
        const cells = line.split(",").map((cell) => cell.trim());
        const first = header;
        header = false;
        if (first && cells[0].toLowerCase() === "cidr") return;
        const reason = table.addLine(cells, seen, index + 1);
        if (reason) problems.push(`${file}:${index + 1}: ${reason}`);
      });
    if (problems.length) throw new IpRegionOverridesError(file, problems);
    return table;
  }

  /** Adds one line's network, or says why it cannot; `seen`: the networks of earlier lines, with their line. */
  private addLine(cells: readonly string[], seen: Map<string, number>, lineNo: number): string | undefined {
    if (cells.length !== 2)
      return `expected "CIDR,region code", found ${cells.length} field${cells.length === 1 ? "" : "s"}`;
    const [cidr, region] = cells;
    const network = networkOf(cidr);
    if (typeof network === "string") return network;
    const regionProblem = regionProblemOf(region);
    if (regionProblem) return regionProblem;
    const key = `${network.text}/${network.length}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) return `${key} is already placed on line ${earlier}`;
    seen.set(key, lineNo);
    if (typeof network.value === "number") this.v4.add(network.value, network.length, region);
    else this.v6.add(network.value, network.length, region);
    this.count += 1;
    return undefined;
  }
}

interface Network {
  readonly value: number | bigint;
  readonly length: number;
  /** The network address as written back: the same for the same network however it was written. */
  readonly text: string;
}

/** The network of a CIDR (an address alone is a network of one), or the reason it is not one. */
function networkOf(cidr: string): Network | string {
  const [address, prefix, extra] = cidr.split("/");
  const shape = `"${cidr}" is not an IPv4 or IPv6 network (e.g. 203.0.113.0/24, 2001:db8::/32)`;
  if (extra !== undefined || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return shape;
  const v4 = ipv4Number(address);
  const v6 = v4 === null ? ipv6Number(address) : null;
  if (v4 === null && v6 === null) return shape;
  const bits = v4 !== null ? 32 : 128;
  const length = prefix === undefined ? bits : Number(prefix);
  if (length > bits) return `/${length} is longer than an IPv${bits === 32 ? 4 : 6} address (at most /${bits})`;
  if (v4 !== null) {
    const network = maskV4(v4, length);
    if (network !== v4) return `${cidr} has bits set past /${length}: the network is ${formatV4(network)}/${length}`;
    return { value: network, length, text: formatV4(network) };
  }
  const network = maskV6(v6!, length);
  if (network !== v6) return `${cidr} has bits set past /${length}: the network is ${formatV6(network)}/${length}`;
  return { value: network, length, text: formatV6(network) };
}

/** Why `region` is not a region a scan can be placed in (a province or a city of the region tree), or undefined. */
function regionProblemOf(region: string): string | undefined {
  if (!/^\d{6}$/.test(region)) return `region code "${region}" is not six digits (GB/T 2260, e.g. 330100)`;
  const area = areaByCode(region);
  if (!area) return `region code ${region} is not in the region tree`;
  if (area.level > 2)
    return `region code ${region} (${area.name}) is a district: a scan is placed in a city or a province (${area.parent_code})`;
  return undefined;
}

/** The overrides in `file`; throws IpRegionOverridesError for a bad line or a file that cannot be read. */
export function readIpRegionOverrides(file: string): IpRegionOverrides {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new IpRegionOverridesError(file, [
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    ]);
  }
  return IpRegionOverrides.parse(text, file);
}

/** Where a reload says what it did. */
export interface OverridesLog {
  info(facts: object, message: string): void;
  warn(facts: object, message: string): void;
}

export interface WatchedOverrides {
  /** The table in force, then `base` for an address no network of it holds. */
  readonly before: (base: IpRegionLookup) => IpRegionLookup;
  /** Reads the file again now: true when its table is in force, false when a bad file kept the previous one. */
  reload(): boolean;
  close(): void;
}

/** A change to the file is read this long after the last event: an editor's save is several. */
const SETTLE_MS = 100;

/**
 * The overrides of `file`, read now (throws IpRegionOverridesError), then again whenever the file
 * changes. The folder is watched, not the file: an editor that saves by writing a new file and
 * renaming it over the old one would end a watch on the file itself.
 */
export function watchIpRegionOverrides(file: string, log: OverridesLog): WatchedOverrides {
  let table = readIpRegionOverrides(file);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const reload = (): boolean => {
    try {
      table = readIpRegionOverrides(file);
      log.info({ file, networks: table.size }, "IP_REGION_OVERRIDES reloaded");
      return true;
    } catch (error) {
      if (!(error instanceof IpRegionOverridesError)) throw error;
      log.warn(
        { file, problems: error.problems },
        "IP_REGION_OVERRIDES not reloaded: the previous table stays in force",
      );
      return false;
    }
  };
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, name) => {
      if (name !== basename(file)) return;
      clearTimeout(timer);
      timer = setTimeout(reload, SETTLE_MS);
      timer.unref();
    });
  } catch (error) {
    log.warn({ file, error: String(error) }, "IP_REGION_OVERRIDES cannot be watched: a change needs a restart");
  }
  return {
    before: (base) => (ip) => table.regionOf(ip) ?? base(ip),
    reload,
    close: () => {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
