// A unit's fill (7/12) as the server counts it, asked when a code that may open a unit is scanned.
// It is a read of the new unit, which the answers still on their way (items into the unit before)
// do not change, so it is asked at once, beside them, and only opening the unit waits for them:
// the box after a full one opens one round trip sooner, and the items typed meanwhile wait less.
import { callEndpoint } from "../../api/endpoint-call";

export interface UnitFill {
  readonly held: number;
  /** How many it takes; a closed unit takes no more than it holds, and null is not known. */
  readonly capacity: number | null;
}

interface FillAnswer {
  readonly fill: { readonly held: number; readonly capacity: number | null; readonly state: string };
}

/** The fill, or why it could not be read. Never rejects: a fill asked for a scan that turned out to be an item is dropped unread. */
export type AskedFill =
  { readonly kind: "fill"; readonly fill: UnitFill } | { readonly kind: "failed"; readonly error: unknown };

export function fillOf({ fill }: FillAnswer): UnitFill {
  return { held: fill.held, capacity: fill.state === "closed" ? fill.held : fill.capacity };
}

export function askUnitFill(path: string, code: string): Promise<AskedFill> {
  return callEndpoint<FillAnswer>({ method: "GET", path }, { code }).then(
    (answer): AskedFill => ({ kind: "fill", fill: fillOf(answer) }),
    (error: unknown): AskedFill => ({ kind: "failed", error }),
  );
}
