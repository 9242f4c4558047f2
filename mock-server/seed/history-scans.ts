// Consumers of the seeded history: about a third of the items shipped are scanned, one to twenty
// days after they left, by a phone in their dealer's city, mostly in the evening (times are UTC;
// 10:00–15:30 UTC is 18:00–23:30 in China); one scan in eight is followed by another. The scans go
// through the public scan call's rule (scanCode), so counts, first-scan times and warnings are its.
import { scanCode } from "../public/consumer-scan";
import { atHour, type HistoryDay } from "./history-calendar";
import type { ConsumerNetwork } from "./history-cast";
import type { Prng } from "./prng";
import type { SeedClock } from "./seed-clock";
import { USER_AGENTS } from "./zh-words";

export interface PlannedScan {
  readonly at: number;
  readonly code: string;
  readonly ip: string;
  readonly userAgent: string;
}

/** Scans by the day they happen on (the history day's index). */
export class ScanAgenda {
  private readonly byDay = new Map<number, PlannedScan[]>();

  add(dayIndex: number, scan: PlannedScan): void {
    const list = this.byDay.get(dayIndex) ?? [];
    list.push(scan);
    this.byDay.set(dayIndex, list);
  }

  /** The day's scans in time order (removed from the agenda). */
  take(dayIndex: number): PlannedScan[] {
    const list = this.byDay.get(dayIndex) ?? [];
    this.byDay.delete(dayIndex);
    return list.sort((a, b) => a.at - b.at);
  }
}

/** A time of day as consumers scan: a fifth in the morning, some in the afternoon, half in the evening. */
export function scanHour(rng: Prng): number {
  const roll = rng.next();
  if (roll < 0.2) return 0.5 + rng.next() * 3.5;
  if (roll < 0.5) return 4 + rng.next() * 6;
  return 10 + rng.next() * 5.4;
}

export const phoneIn = (network: ConsumerNetwork, rng: Prng): string => `${network.prefix}.${rng.int(2, 250)}`;

const SCANNED_SHARE = 0.32;
const REPEATED_SHARE = 0.125;

/** Plans the scans of `items`, shipped on `shipped` to a dealer in `network`. */
export function planScans(
  agenda: ScanAgenda,
  rng: Prng,
  days: readonly HistoryDay[],
  shipped: HistoryDay,
  items: readonly string[],
  network: ConsumerNetwork,
): void {
  for (const code of items) {
    if (!rng.chance(SCANNED_SHARE)) continue;
    const day = days[shipped.index + rng.int(1, 20)];
    const ip = phoneIn(network, rng);
    const userAgent = rng.pick(USER_AGENTS);
    if (!day) continue;
    agenda.add(day.index, { at: atHour(day, scanHour(rng)), code, ip, userAgent });
    if (!rng.chance(REPEATED_SHARE)) continue;
    const again = days[day.index + rng.int(0, 3)];
    if (again)
      agenda.add(again.index, {
        at: atHour(again, scanHour(rng)),
        code,
        ip: rng.chance(0.7) ? ip : phoneIn(network, rng),
        userAgent,
      });
  }
}

/** Runs the day's planned scans, each at its moment. */
export async function scanDay(clock: SeedClock, agenda: ScanAgenda, day: HistoryDay): Promise<void> {
  for (const scan of agenda.take(day.index)) {
    clock.set(scan.at);
    await scanCode(clock.ctx, { ip: scan.ip, userAgent: scan.userAgent }, scan.code);
  }
}

/** A guessing address: `count` made-up codes from one phone within minutes. */
export async function guessCodes(clock: SeedClock, rng: Prng, at: number, ip: string, count: number): Promise<void> {
  const alphabet = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  for (let index = 0; index < count; index += 1) {
    clock.set(at + index * 20_000);
    let code = "";
    for (let char = 0; char < 16; char += 1) code += alphabet[rng.int(0, alphabet.length - 1)];
    await scanCode(clock.ctx, { ip, userAgent: USER_AGENTS[0] }, code);
  }
}
