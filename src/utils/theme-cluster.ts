// spec §9: the theme cluster, 10 lighter shades in 0.1 steps plus one darker shade at 0.1.
// The original built hex from toString(16) unpadded, so a dark channel (e.g. 0x05) came out
// as "5" and the colour was wrong; every channel here is two digits.

const hex2 = (value: number): string => Math.round(value).toString(16).padStart(2, "0");

export function channels(color: string): [number, number, number] {
  const raw = color.replace("#", "");
  const full = raw.length === 3 ? raw.replace(/./g, (c) => c + c) : raw;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) throw new Error(`not a hex colour: ${color}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function tintColor(color: string, tint: number): string {
  const rgb = channels(color).map((c) => c + Math.round(tint * (255 - c)));
  return `#${rgb.map(hex2).join("")}`;
}

export function shadeColor(color: string, shade: number): string {
  const rgb = channels(color).map((c) => Math.round((1 - shade) * c));
  return `#${rgb.map(hex2).join("")}`;
}

/** [tint 0.0 (the colour), tint 0.1, …, tint 0.9, shade 0.1]: 11 lower-case #rrggbb colours. */
export function getThemeCluster(theme: string): string[] {
  const clusters: string[] = [];
  for (let i = 0; i <= 9; i++) clusters.push(tintColor(theme, Number((i / 10).toFixed(2))));
  clusters.push(shadeColor(theme, 0.1));
  return clusters;
}
