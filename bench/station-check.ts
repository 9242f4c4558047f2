// bench/station's count after the scans, through the API: every item scanned is in exactly one of
// the boxes scanned (each box's contents), no box holds more than its ratio, and the ledger holds
// exactly one packing event of each item's own (its timeline in 码查询), into the box it was
// scanned into. Lost: an item in no box or with no packing event; doubled: an item in two boxes'
// contents, listed twice in one, or with more than one packing event.
import type { Api } from "./station-stock";

export interface PackCount {
  readonly lost: string[];
  readonly doubled: string[];
  /** Items whose packing event names another box than the one they were scanned into. */
  readonly misplaced: string[];
  /** Boxes holding more than `perBox`. */
  readonly overfull: string[];
  readonly packEvents: number;
}

interface Contents {
  readonly children: readonly { code: string; level: string }[];
}

interface Timeline {
  readonly timeline: readonly { kind: string; parent_code: string | null; via?: string | null }[];
}

/** `plan`: each box scanned with the items scanned into it. */
export async function countPacked(api: Api, plan: ReadonlyMap<string, readonly string[]>, perBox: number) {
  const inBoxes = new Map<string, string[]>();
  const overfull: string[] = [];
  for (const box of plan.keys()) {
    const { children } = await api.call<Contents>(`/api/plant/packages/contents?code=${box}`);
    const items = children.filter((child) => child.level === "item");
    if (items.length > perBox) overfull.push(box);
    for (const { code } of items) inBoxes.set(code, [...(inBoxes.get(code) ?? []), box]);
  }
  const lost: string[] = [];
  const doubled: string[] = [];
  const misplaced: string[] = [];
  let packEvents = 0;
  for (const [box, items] of plan)
    for (const item of items) {
      const { timeline } = await api.call<Timeline>(`/api/tagging/tracecodes/lookup?code=${item}`);
      // The item's own events: a box's later events carried to it (via the box) are not its packing.
      const packs = timeline.filter((event) => event.kind === "pack" && !event.via);
      packEvents += packs.length;
      const boxes = inBoxes.get(item) ?? [];
      if (boxes.length === 0 || packs.length === 0) lost.push(item);
      else if (boxes.length > 1 || packs.length > 1) doubled.push(item);
      else if (boxes[0] !== box || packs[0].parent_code !== box) misplaced.push(item);
    }
  return { lost, doubled, misplaced, overfull, packEvents } satisfies PackCount;
}
