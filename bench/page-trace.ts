// A page's trace over part of a bench (bench:station's BENCH_PROFILE=trace): Chromium's timeline
// events (those DevTools' Performance panel records) on the page's main thread, summed by self time
// per event name: script (FunctionCall, EventDispatch…), style (UpdateLayoutTree), layout, paint, input.
// Written to a .json trace that DevTools opens (Performance → load profile).
import type { Browser, Page } from "@playwright/test";
import { writeFileSync } from "node:fs";
import type { SelfTime } from "./page-profile";

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string };
}

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"];

/** Starts the trace; the function returned stops it, writes it to `file` and sums the busiest renderer's main thread. */
export async function tracePage(browser: Browser, page: Page, file: string) {
  await browser.startTracing(page, { categories: CATEGORIES });
  return async () => {
    const buffer = await browser.stopTracing();
    writeFileSync(file, buffer);
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    return summarizeMainThread(traceEvents);
  };
}

/** Self time by event name on the renderer main thread that was busiest, largest first. */
export function summarizeMainThread(events: readonly TraceEvent[]): { totalMs: number; byName: SelfTime[] } {
  const mains = new Set(
    events
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const perThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== "X" || event.dur === undefined || !mains.has(thread)) continue;
    perThread.set(thread, [...(perThread.get(thread) ?? []), event]);
  }
  let best = { totalMs: 0, byName: [] as SelfTime[] };
  for (const threadEvents of perThread.values()) {
    const summary = selfTimes(threadEvents);
    if (summary.totalMs > best.totalMs) best = summary;
  }
  return best;
}

function selfTimes(events: TraceEvent[]) {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  let totalMs = 0;
  for (const event of sorted) {
    while (stack.length > 0 && stack.at(-1)!.end <= event.ts) stack.pop();
    const ms = event.dur! / 1000;
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - ms);
    else totalMs += ms;
    self.set(event.name, (self.get(event.name) ?? 0) + ms);
    stack.push({ end: event.ts + event.dur!, name: event.name });
  }
  const byName = [...self].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  return { totalMs, byName };
}
