// A page's CPU profile over part of a bench (bench:station's BENCH_PROFILE): V8's sampling profiler on
// the page's main thread, through a CDP session. Written as a .cpuprofile (Chromium's DevTools
// opens it: Performance → load profile) and summed here by self time: what the page's main thread
// did while the bench ran, by function and by the file it came from. "(program)" is the renderer's
// own work outside JavaScript (style, layout, paint, input dispatch), "(idle)" the thread waiting.
import type { Page } from "@playwright/test";
import { writeFileSync } from "node:fs";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
    readonly columnNumber: number;
  };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface SelfTime {
  readonly name: string;
  readonly ms: number;
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly byFunction: readonly SelfTime[];
  readonly byFile: readonly SelfTime[];
}

/** Sampling every 250 µs: fine enough for a 50 ms scan, light enough not to be the page's load. */
const SAMPLING_INTERVAL_US = 250;

/** Starts the page's profiler; the function returned stops it, writes the profile to `file` and sums it. */
export async function profilePage(page: Page, file: string): Promise<() => Promise<ProfileSummary>> {
  const session = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  await session.send("Profiler.start");
  return async () => {
    const { profile } = (await session.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    await session.detach();
    writeFileSync(file, JSON.stringify(profile));
    return summarize(profile);
  };
}

/** Self time by function (name, file and line) and by file, largest first. */
export function summarize(profile: CpuProfile): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const add = (table: Map<string, number>, key: string, ms: number) => table.set(key, (table.get(key) ?? 0) + ms);
  profile.samples.forEach((id, index) => {
    // A sample's time is the delta to the next sample (the last one's is unknown: counted as none).
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const file = url === "" ? "(native)" : url.replace(/^.*\/(assets\/)?/, "");
    add(byFunction, `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`, ms);
    add(byFile, file, ms);
  });
  const sorted = (table: Map<string, number>) =>
    [...table].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    byFunction: sorted(byFunction),
    byFile: sorted(byFile),
  };
}

/** The summary's first `rows` lines of each table, with each row's share of the profile. */
export function formatSummary(summary: ProfileSummary, rows = 25): string {
  const share = (ms: number) =>
    `${ms.toFixed(0).padStart(7)} ms ${((ms / summary.totalMs) * 100).toFixed(1).padStart(5)}%`;
  const table = (title: string, entries: readonly SelfTime[]) =>
    [title, ...entries.slice(0, rows).map((entry) => `${share(entry.ms)}  ${entry.name}`)].join("\n");
  return [
    `the page's main thread over ${(summary.totalMs / 1000).toFixed(1)} s, by self time:`,
    table("by function:", summary.byFunction),
    table("by file:", summary.byFile),
  ].join("\n");
}
