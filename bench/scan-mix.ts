// The requests of bench/scan and bench/scan-frames: which code each scan asks for and from which
// address. A fixed mix, the same for every run and every variant, so two runs differ only in the server.
// The codes and the networks come from picks.json, which bench/scan-server.ts writes when it seeds.

export interface Picks {
  /** "code province": the province (2 digits) of a shipped code's dealer, else "". */
  uniform: string[];
  popular: string[];
  few: string[];
  /** /24 networks by the province ip2region places them in. */
  networks: Record<string, string[]>;
}

/** Guessing addresses and the unknown codes they try (random strings of the codes' shape). */
const GUESSERS = Array.from({ length: 8 }, (_, i) => `203.0.113.${i + 1}`);
const guessed = (n: number) => `1${n.toString(32).toUpperCase().padStart(19, "0")}`;

/** The n-th request's code and address: a fixed mix, the same for the baseline and the scan. */
export function requestOf(picks: Picks, provinces: string[], n: number): { code: string; ip: string } {
  // A multiplicative hash spreads n over many addresses: each sends a few scans, well under the per-minute limit.
  const h = Math.imul(n + 1, 2654435761) >>> 0;
  const share = n % 1000;
  if (share < 5) return { code: guessed(h % 100_000), ip: GUESSERS[h % GUESSERS.length] };
  const pick =
    share < 100
      ? picks.popular[h % picks.popular.length]
      : share < 250
        ? picks.few[h % picks.few.length]
        : picks.uniform[(n * 7919) % picks.uniform.length];
  const [code, home] = pick.split(" ") as [string, string];
  // 95% of a sold code's scans come from its dealer's province; the rest, and other codes', from anywhere.
  const province = home && picks.networks[home] && h % 100 >= 5 ? home : provinces[(h >>> 4) % provinces.length];
  const networks = picks.networks[province];
  return { code, ip: `${networks[(h >>> 12) % networks.length]}.${((h >>> 20) % 254) + 1}` };
}
