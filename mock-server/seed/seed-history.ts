// The demo's past: `days` days of operation before the anchor, written day by day through the
// chain's rules on a clock set back to each moment (seed-clock.ts), so the ledger, the reports and
// the dashboard's last seven days read like a season of use. Each day: production on the lines and
// its handover (history-production.ts), returns and their release, shipments of earlier days' stock
// to dealers in eight provinces (history-logistics.ts), market checks, and consumer scans
// (history-scans.ts). Woven in once each: a code scanned far more often than a label is, a 窜货
// case (items scanned in another dealer's province, checked and evidenced), a guessing address.
// Everything comes from one PRNG stream: the same anchor (and clock) gives the same history.
import type { AppContext } from "../context";
import { atHour, historyDays, MINUTE_MS, type HistoryDay } from "./history-calendar";
import { historyCast, type HistoryCast } from "./history-cast";
import { inspect, takeEvidence, type MarketCheck } from "./history-inspections";
import { freePackage, receivePackage, shipDay, type Shipment } from "./history-logistics";
import { produceDay, type StockedPackage } from "./history-production";
import { guessCodes, phoneIn, planScans, ScanAgenda, scanDay } from "./history-scans";
import { Prng, seedOf } from "./prng";
import { seedClock, type SeedClock } from "./seed-clock";
import type { SeededGeneration } from "./seed-code-orders";

export interface HistoryOptions {
  /** 00:00 UTC of the anchor day. */
  readonly anchor: number;
  readonly days: number;
  readonly areaCodes: readonly string[];
}

export interface HistoryReport {
  readonly days: number;
  readonly first?: string;
  readonly last?: string;
}

/** Work at the desk and in the field, by day index: returns before shipping, checks after it. */
class Agenda {
  private readonly byDay = new Map<number, (() => Promise<void>)[]>();

  add(dayIndex: number, work: () => Promise<void>): void {
    this.byDay.set(dayIndex, [...(this.byDay.get(dayIndex) ?? []), work]);
  }

  /** The day's work one piece after the other, in the order it was planned. */
  async run(dayIndex: number): Promise<void> {
    for (const work of this.byDay.get(dayIndex) ?? []) await work();
    this.byDay.delete(dayIndex);
  }
}

interface Story {
  readonly clock: SeedClock;
  readonly seed: SeededGeneration;
  readonly cast: HistoryCast;
  readonly days: readonly HistoryDay[];
  readonly options: HistoryOptions;
  readonly desk: Agenda;
  readonly field: Agenda;
  readonly scans: ScanAgenda;
  readonly stock: StockedPackage[];
  inspections: number;
}

/** The days the one-off cases happen on, counted back from the end of the history. */
const REPEATED_CASE = 26;
const CROSS_REGION_CASE = 19;
const GUESSING_CASE = 11;
const RETURN_EVERY = 17;
const ROUTINE_CHECK_EVERY = 9;
/** Scans of the repeated-scan case: past the default threshold (5) of 预警参数. */
const REPEATED_SCANS = 7;
/** Made-up codes of the guessing case: past the default threshold (20 in 10 minutes). */
const GUESSES = 23;

function check(story: Story, day: HistoryDay, hour: number, market: MarketCheck, evidence = false): void {
  story.field.add(day.index, async () => {
    // After the day's shipping: the ledger's events stay in time order.
    story.clock.set(Math.max(story.clock.now() + 10 * MINUTE_MS, atHour(day, hour)));
    const id = await inspect(story.clock.ctx, market, (story.inspections += 1));
    if (id !== undefined && evidence) await takeEvidence(story.clock.ctx, id, market, story.options.areaCodes);
  });
}

/** A box of this shipment comes back three days later, is released two days after, and ships again. */
function returnLater(story: Story, shipment: Shipment, pkg: StockedPackage, day: HistoryDay): void {
  const [back, freed] = [story.days[day.index + 3], story.days[day.index + 5]];
  if (!back || !freed) return;
  const returnNo = `RMA${back.date.replace(/-/g, "")}`;
  story.desk.add(back.index, () => receivePackage(story.clock.ctx, story.seed, shipment, pkg, returnNo));
  story.desk.add(freed.index, async () => {
    await freePackage(story.clock.ctx, story.seed, pkg);
    story.stock.unshift(pkg);
  });
}

/** The scans (and the odd case) of what a day shipped. */
function afterShipping(story: Story, day: HistoryDay, shipments: readonly Shipment[]): void {
  const { rng } = story.seed;
  const fromEnd = story.days.length - day.index;
  shipments.forEach((shipment, index) => {
    const last = index === shipments.length - 1;
    shipment.packages.forEach((pkg, position) => {
      const returned =
        last && position === shipment.packages.length - 1 && day.index % RETURN_EVERY === RETURN_EVERY - 1;
      if (returned) returnLater(story, shipment, pkg, day);
      else planScans(story.scans, rng, story.days, day, pkg.items, shipment.dealer.network);
    });
  });
  const [first] = shipments;
  const item = first?.packages[0]?.items[0];
  if (!first || !item) return;
  const network = first.dealer.network;
  if (fromEnd === REPEATED_CASE) repeatedCase(story, day, first, item);
  if (fromEnd === CROSS_REGION_CASE) crossRegionCase(story, day, first);
  if (day.index % ROUTINE_CHECK_EVERY === 4 && story.days[day.index + 2])
    check(story, story.days[day.index + 2], 10.5, {
      code: first.packages.at(-1)!.items[0],
      dealerId: first.dealer.id,
      geo: network.geo,
      result: "compliant",
      remark: "门店陈列规范，标签完好",
    });
}

/** One bottle scanned again and again over two evenings: the repeated-scan warning, later checked. */
function repeatedCase(story: Story, day: HistoryDay, shipment: Shipment, code: string): void {
  const { rng } = story.seed;
  const ip = phoneIn(shipment.dealer.network, rng);
  for (let scan = 0; scan < REPEATED_SCANS; scan += 1) {
    const on = story.days[day.index + 2 + (scan >= 4 ? 1 : 0)];
    if (on)
      story.scans.add(on.index, { at: atHour(on, 11 + scan * 0.3), code, ip, userAgent: "MicroMessenger/8.0.47" });
  }
  const checked = story.days[day.index + 6];
  if (checked)
    check(story, checked, 11, {
      code,
      dealerId: shipment.dealer.id,
      geo: shipment.dealer.network.geo,
      result: "compliant",
      settles: "repeated_scan",
      remark: "消费者多次扫码核验，瓶盖完好",
    });
}

/** 窜货: three items of a shipment turn up in another dealer's province; the inspector finds them there. */
function crossRegionCase(story: Story, day: HistoryDay, shipment: Shipment): void {
  const { rng } = story.seed;
  const elsewhere = story.cast.dealers.find(
    (dealer) => dealer.network.city.slice(0, 2) !== shipment.dealer.network.city.slice(0, 2),
  )!;
  const items = shipment.packages.flatMap((pkg) => pkg.items).slice(-3);
  const on = story.days[day.index + 4];
  if (!on) return;
  items.forEach((code, index) =>
    story.scans.add(on.index, {
      at: atHour(on, 12 + index * 0.4),
      code,
      ip: phoneIn(elsewhere.network, rng),
      userAgent: "MicroMessenger/8.0.47",
    }),
  );
  const checked = story.days[day.index + 6];
  if (checked)
    check(
      story,
      checked,
      10.75,
      {
        code: items[0],
        dealerId: shipment.dealer.id,
        geo: elsewhere.network.geo,
        result: "cross_region",
        settles: "cross_region",
        remark: "在授权区域外的门店发现本批产品",
      },
      true,
    );
}

async function runDay(story: Story, day: HistoryDay): Promise<void> {
  const { clock, seed, cast } = story;
  const made = await produceDay(clock, seed, cast, day);
  clock.set(Math.max(clock.now(), atHour(day, 8)) + 5 * MINUTE_MS);
  await story.desk.run(day.index);
  const shipments = await shipDay(clock, seed, cast, day, story.stock, Math.max(clock.now(), atHour(day, 8.5)));
  story.stock.push(...made);
  afterShipping(story, day, shipments);
  await story.field.run(day.index);
  if (story.days.length - day.index === GUESSING_CASE)
    await guessCodes(clock, seed.rng, atHour(day, 14.2), "45.77.16.9", GUESSES);
  await scanDay(clock, story.scans, day);
}

/** Writes the history; what it covered. `seed`: the chain seed's operator and code characters. */
export async function seedHistory(
  ctx: AppContext,
  seed: SeededGeneration,
  options: HistoryOptions,
): Promise<HistoryReport> {
  const days = historyDays(options.anchor, options.days, ctx.clock());
  const cast = days.length ? await historyCast(ctx) : undefined;
  if (!cast || !days.length) return { days: 0 };
  const clock = seedClock(ctx, days[0].start);
  const story: Story = {
    clock,
    seed: { ...seed, rng: new Prng(seedOf("history")) },
    cast,
    days,
    options,
    desk: new Agenda(),
    field: new Agenda(),
    scans: new ScanAgenda(),
    stock: [],
    inspections: 0,
  };
  for (const day of days) await runDay(story, day);
  return { days: days.length, first: days[0].date, last: days.at(-1)!.date };
}
