// Children first while the server cannot answer (or while earlier scans still wait to be sent, which
// keeps the ledger in scanning order): a code is held without its check, and the package's label,
// known by the held codes filling the package or by the operator's F8 before a part package's label,
// closes them in through the queue. The close checks every held code, as it does online, all or none:
// a close the server refuses on replay leaves the count and is listed for the operator to clear.
import { closeHeld, refuseScan, type StationState } from "./station-state";

/** What a scan is taken for without the server's word: the package's label, or one more code to hold. */
export function heldRoleOffline(state: StationState): "label" | "item" {
  const held = state.held;
  if (!held || held.codes.length === 0) return "item";
  if (state.labelNext) return "label";
  return held.capacity !== null && held.codes.length >= held.capacity ? "label" : "item";
}

/** F8: the next scan is the label of a package closed with fewer codes than it takes. */
export function expectLabel(state: StationState): StationState {
  if (!state.held?.codes.length) return state;
  return {
    ...state,
    labelNext: true,
    ...(state.last ? { last: { ...state.last, nextKey: "screens.station.next.label" } } : {}),
  };
}

/** A code held without the server's check (`note` says so); the package's close checks it. */
export function holdUnchecked(state: StationState, code: string, note: string): StationState {
  const held = state.held ?? { codes: [], capacity: null };
  return {
    ...state,
    count: state.count + 1,
    labelNext: false,
    held: { codes: [...held.codes, code], capacity: held.capacity },
    accepted: [...state.accepted, { code }],
    last: { kind: "queued", code, message: note, nextKey: "screens.station.next.childOrLabel" },
  };
}

/** The label closes the held codes in; the close waits in the queue under `key`. */
export function queueHeldClose(state: StationState, parent: string, key: string): StationState {
  const closed = closeHeld({ ...state, labelNext: false }, parent);
  return { ...closed, last: { ...closed.last!, kind: "queued", key } };
}

/** The server packed a close that had waited: its verdict, if still shown, turns complete. */
export function confirmHeldClose(state: StationState, key: string): StationState {
  if (state.last?.kind !== "queued" || state.last.key !== key) return state;
  return { ...state, last: { ...state.last, kind: "complete" } };
}

/** The server refused a close that had waited: its `packed` codes leave the count; the verdict, if still shown, says why. */
export function refuseHeldClose(
  state: StationState,
  key: string,
  parent: string,
  packed: number,
  message: string,
): StationState {
  const counted = { ...state, count: Math.max(0, state.count - packed) };
  if (state.last?.key !== key) return counted;
  return refuseScan(counted, parent, message, "screens.station.next.clearRefused");
}
