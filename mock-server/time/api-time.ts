// The time as the API and the ledger write it: UTC, to the second (2026-11-26T21:30:02Z), so text
// order is time order on both engines. Server code and the chain's rules format times here.
const recentSeconds = new Map<number, string>();

/**
 * The time, to the second, as the API writes it. The texts of the last few seconds are kept: the
 * public scan asks several times per scan (its stamps, the rules' windows), and formatting a Date
 * was ~1% of its CPU. An invalid time still throws, as toISOString does.
 */
export function nowIso(ms: number): string {
  const second = Math.floor(ms / 1000);
  let text = recentSeconds.get(second);
  if (text === undefined) {
    text = new Date(second * 1000).toISOString().replace(/\.000Z$/, "Z");
    if (recentSeconds.size >= 16) recentSeconds.clear();
    recentSeconds.set(second, text);
  }
  return text;
}
