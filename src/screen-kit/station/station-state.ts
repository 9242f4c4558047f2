// What a scanning station knows between scans, as pure steps: the unit being filled, the running
// count, the last verdict and what undo takes back. The screen calls the server, then one of these.

/**
 * ok: accepted; opened: a unit's code accepted; complete: a unit closed (full, or by the operator);
 * finished: the record the scans worked on was finished (the waybill shipped); undone; refused;
 * queued: kept in the browser until the server can be reached (counted in the unit's fill).
 */
export type VerdictKind = "ok" | "opened" | "complete" | "finished" | "undone" | "refused" | "queued";

export interface Unit {
  readonly code: string;
  readonly held: number;
  /** null: the station has no capacity source, or the unit's level has no ratio. */
  readonly capacity: number | null;
}

export interface Verdict {
  readonly kind: VerdictKind;
  readonly code: string;
  /** The refusal in the operator's language (the server's message, rendered through the catalog). */
  readonly message?: string;
  /** i18n key of what to do next. */
  readonly nextKey: string;
  /** The unit's fill at the verdict. */
  readonly unit?: Unit;
  /** A queued verdict's scan, so the server's later answer can replace it while it is still shown. */
  readonly key?: string;
}

interface Accepted {
  readonly code: string;
  /** The idempotency key of a scan that waited for the server, to find it again when it is answered. */
  readonly key?: string;
  readonly parent?: string;
  /** The unit this scan filled and closed: undo opens it again. */
  readonly closed?: Unit;
}

export interface StationState {
  readonly unit?: Unit;
  readonly count: number;
  readonly last?: Verdict;
  readonly accepted: readonly Accepted[];
  /** Children first: the codes scanned for the next package, and how many one takes. */
  readonly held?: { readonly codes: readonly string[]; readonly capacity: number | null };
  /** Children first, without the server: the operator said (F8) the next scan is the package's label. */
  readonly labelNext?: boolean;
}

export const EMPTY_STATION: StationState = { count: 0, accepted: [] };

const isFull = (unit: Unit): boolean => unit.capacity !== null && unit.held >= unit.capacity;

/** A unit's code was scanned and answered with its fill. A full unit is refused: it takes nothing more. */
export function openUnit(state: StationState, unit: Unit): StationState {
  if (isFull(unit))
    return { ...state, last: { kind: "refused", code: unit.code, nextKey: "screens.station.next.otherUnit", unit } };
  return { ...state, unit, last: { kind: "opened", code: unit.code, nextKey: "screens.station.next.child", unit } };
}

/**
 * The server accepted a scan, or (`queued`) the scan waits in the browser for the server: it fills
 * the unit as the item is in the box, and counts once the server has it (confirmQueued). At
 * capacity the unit closes and the next unit is asked for.
 */
export function acceptScan(
  state: StationState,
  code: string,
  units: boolean,
  queued?: { readonly key: string },
): StationState {
  const count = queued ? state.count : state.count + 1;
  const kind = queued ? "queued" : "ok";
  if (!state.unit)
    return {
      ...state,
      count,
      accepted: [...state.accepted, { code, ...queued }],
      last: { kind, code, nextKey: units ? "screens.station.next.unit" : "screens.station.next.scan", ...queued },
    };
  const unit = { ...state.unit, held: state.unit.held + 1 };
  const entry = { code, parent: unit.code, ...queued };
  if (isFull(unit))
    return {
      count,
      unit: undefined,
      accepted: [...state.accepted, { ...entry, closed: unit }],
      last: { kind: "complete", code, nextKey: "screens.station.next.unit", unit },
    };
  return {
    count,
    unit,
    accepted: [...state.accepted, entry],
    last: { kind, code, nextKey: "screens.station.next.child", unit, ...queued },
  };
}

/** A scan that had waited reached the server and was accepted: it counts now, and its verdict, still shown, turns ok. */
export function confirmQueued(state: StationState, key: string): StationState {
  const last =
    state.last?.kind === "queued" && state.last.key === key ? { ...state.last, kind: "ok" as const } : state.last;
  return { ...state, count: state.count + 1, last };
}

/**
 * A scan that had waited was refused by the server: it leaves what undo takes back and the open
 * unit's fill (the operator takes it out; the station lists it until cleared).
 */
export function dropQueued(state: StationState, key: string, message: string): StationState {
  const entry = state.accepted.find((accepted) => accepted.key === key);
  if (!entry) return state;
  const unit =
    state.unit && entry.parent === state.unit.code ? { ...state.unit, held: state.unit.held - 1 } : state.unit;
  const dropped = { ...state, unit, accepted: state.accepted.filter((accepted) => accepted !== entry) };
  // Its verdict still shown turns to the refusal; the list of refused scans says what to do.
  if (state.last?.key !== key) return dropped;
  return refuseScan(dropped, entry.code, message, "screens.station.next.clearRefused");
}

export function refuseScan(state: StationState, code: string, message: string, nextKey: string): StationState {
  return { ...state, last: { kind: "refused", code, message, nextKey, ...(state.unit ? { unit: state.unit } : {}) } };
}

/** The operator closes a tail unit (fewer than its capacity): the next unit is asked for. */
export function closeUnit(state: StationState): StationState {
  if (!state.unit) return state;
  const unit = state.unit;
  return {
    ...state,
    unit: undefined,
    last: { kind: "complete", code: unit.code, nextKey: "screens.station.next.unit", unit },
  };
}

/** A unit is being filled (parent first): the setup is locked and the next scan is an item. */
export const unitIsOpen = (state: StationState): boolean => Boolean(state.unit);

/** The last accepted scan, for undo; undefined when there is none. */
export function lastAccepted(state: StationState): Accepted | undefined {
  return state.accepted.at(-1);
}

/** The server took the last scan back: the count and the unit's fill go down; a unit it had closed opens again. */
export function undoScan(state: StationState): StationState {
  const entry = lastAccepted(state);
  if (!entry) return state;
  const accepted = state.accepted.slice(0, -1);
  let unit = state.unit;
  if (entry.closed) unit = { ...entry.closed, held: entry.closed.held - 1 };
  else if (entry.parent && unit?.code === entry.parent) unit = { ...unit, held: unit.held - 1 };
  return {
    count: state.count - 1,
    accepted,
    unit,
    last: {
      kind: "undone",
      code: entry.code,
      nextKey: unit ? "screens.station.next.child" : "screens.station.next.scan",
      ...(unit ? { unit } : {}),
    },
  };
}

/** The record the scans filled was finished (the waybill shipped): nothing is left to undo, the count starts again. */
export function finishRecord(label: string, nextKey = "screens.station.next.setup"): StationState {
  return { count: 0, accepted: [], last: { kind: "finished", code: label, nextKey } };
}

/** Children first: the server checked a code and the station holds it for the next package. */
export function holdScan(state: StationState, code: string, capacity: number | null): StationState {
  const codes = [...(state.held?.codes ?? []), code];
  return {
    ...state,
    count: state.count + 1,
    held: { codes, capacity },
    labelNext: false,
    accepted: [...state.accepted, { code }],
    last: { kind: "ok", code, nextKey: "screens.station.next.childOrLabel" },
  };
}

/**
 * Children first: the package's label closed the held codes into it; they are packed, nothing is left
 * to undo. The next package takes as many (kept, so the station knows when one is full without the server).
 */
export function closeHeld(state: StationState, parent: string): StationState {
  const held = state.held?.codes.length ?? 0;
  return {
    count: state.count,
    accepted: [],
    held: { codes: [], capacity: state.held?.capacity ?? null },
    last: {
      kind: "complete",
      code: parent,
      nextKey: "screens.station.next.child",
      unit: { code: parent, held, capacity: state.held?.capacity ?? null },
    },
  };
}

/** Children first: undo drops the last code held (nothing was written for it). */
export function dropHeld(state: StationState): StationState {
  const codes = state.held?.codes ?? [];
  const code = codes.at(-1);
  if (code === undefined) return state;
  return {
    ...state,
    count: state.count - 1,
    held: { codes: codes.slice(0, -1), capacity: state.held!.capacity },
    accepted: state.accepted.slice(0, -1),
    last: { kind: "undone", code, nextKey: "screens.station.next.childOrLabel" },
  };
}
