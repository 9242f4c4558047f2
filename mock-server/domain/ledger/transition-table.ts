// The chain's transition table: for each event kind, the states a code may be in before it and the
// states the event may leave it in. The ledger (ledger.ts) checks every code an append changes
// against it, so a rule can never write a move the chain does not have; the rules refuse earlier,
// with reasons in the operator's words. A move to the same state is an event that leaves the code
// where it is (a handover, a dealer's unpacking, a partner's receipt).
import { CodeStatus, type CodeStatusValue, type EventKind } from "./event-vocabulary";

/** A code that does not exist yet: where issuing (generation, import) starts. */
export const NEW_CODE = "new";
export type FromState = CodeStatusValue | typeof NEW_CODE;

/** From-state → the states the event may leave the code in. */
export type Moves = Readonly<Partial<Record<FromState, readonly CodeStatusValue[]>>>;

const { generated, activated, packed, shipped, returned, voided } = CodeStatus;
const EVERY_STATE: readonly CodeStatusValue[] = [generated, activated, packed, shipped, returned, voided];
/** In stock, loose or in a package: what shipping takes and what undoing a shipment gives back. */
const IN_STOCK: readonly CodeStatusValue[] = [activated, packed];
/** The event leaves each of `states` as it is. */
const staysIn = (states: readonly CodeStatusValue[]): Moves => Object.fromEntries(states.map((s) => [s, [s]]));

export const TRANSITIONS: Readonly<Record<EventKind, Moves>> = {
  issue: { [NEW_CODE]: [generated] },
  import: { [NEW_CODE]: [generated] },
  activate: { [generated]: [activated] },
  pack: { [activated]: [packed] },
  // At the plant a packed code comes out in stock; at the dealer it comes out still shipped.
  unpack: { [packed]: [activated], [shipped]: [shipped] },
  // The new label of a replacement is commissioned in the old one's place.
  replace: { [generated]: [activated] },
  // Closing an order voids its unused codes; a replacement voids the old label in use.
  void: { [generated]: [voided], [activated]: [voided] },
  ship: { [activated]: [shipped], [packed]: [shipped] },
  // Back in stock: packed where the code still has a package, loose otherwise.
  void_shipping: { [shipped]: IN_STOCK },
  return: { [shipped]: [returned] },
  restock: { [returned]: IN_STOCK },
  close_package: staysIn(IN_STOCK),
  handover: staysIn(IN_STOCK),
  // An inspector may check a code in any state; the check changes none.
  inspect: staysIn(EVERY_STATE),
  // A partner's receipt or retail sale of what was shipped to it.
  receive: staysIn([shipped]),
  retail_sell: staysIn([shipped]),
};

/**
 * An event declared in error (error-declarations.ts) puts the codes it moved back where it found
 * them, per kind: the state the event left a code in → the state it goes back to. A kind absent
 * here is never retracted: the ledger refuses to declare it with a state change. Today only a
 * return received by mistake is taken back (退货收货撤销): its codes are shipped to the dealer again.
 */
export const RETRACTIONS: Readonly<Partial<Record<EventKind, Moves>>> = {
  return: { [returned]: [shipped] },
};

const fromStatesIn = (moves: Moves, to: CodeStatusValue | undefined): FromState[] =>
  (Object.keys(moves) as FromState[]).filter((from) => (moves[from] ?? []).includes(to ?? (from as CodeStatusValue)));

/** The states `kind` may take a code from into `to` (its from-states when `to` is absent: the code stays). */
export const fromStatesInto = (kind: EventKind, to: CodeStatusValue | undefined): FromState[] =>
  fromStatesIn(TRANSITIONS[kind], to);

/** The states a retraction of a `kind` event may take a code from into `to`. */
export const retractedFromStatesInto = (kind: EventKind, to: CodeStatusValue | undefined): FromState[] =>
  fromStatesIn(RETRACTIONS[kind] ?? {}, to);

/** Whether `kind` may move a code from `from` into `to` (absent: the code stays in `from`). */
export const allowsMove = (kind: EventKind, from: FromState, to: CodeStatusValue | undefined): boolean =>
  fromStatesInto(kind, to).includes(from);
