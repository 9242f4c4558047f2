// What a rule hands the ledger to append: one event of one kind, its codes and what the EPCIS
// interface says of it (ledger.ts records it; append-event.ts writes its rows). Each kind has its
// own shape, so the compiler holds every rule to its kind's fields: packing names the parent,
// shipping the waybill and the dealer, activation the work order and its ilmd, and a field the
// kind does not carry is refused where the event is built (ledger-event.test.ts shows each).
import type { EventKind } from "./event-vocabulary";

export interface BizTransaction {
  /** CBV type: prodorder (work order), bol (waybill), rma (return). */
  readonly type: string;
  readonly value: string;
}

/** An EPCIS source or destination (CBV type owning_party, possessing_party, location). */
export interface Party {
  readonly direction: "source" | "destination";
  readonly type: string;
  /** The party's identifier: a dealer's dealer_code, a warehouse's warehouse_code. */
  readonly value: string;
}

/** Every field an event of some kind may carry, as the ledger's rows hold them. */
export interface EventFields {
  readonly kind: EventKind;
  /** The codes the event is about (ObjectEvent epcList, AggregationEvent childEPCs). */
  readonly codes: readonly string[];
  /** AggregationEvent parentID. */
  readonly parentCode?: string | null;
  /** The other code of a replacement (the old code on the new one's event, "replaced by" on the void). */
  readonly relatedCode?: string | null;
  readonly reason?: string | null;
  readonly workOrderId?: number | null;
  /** ilmd: lot (生产批次), production and expiry dates. */
  readonly lot?: string | null;
  readonly productionDate?: string | null;
  readonly expiryDate?: string | null;
  readonly readPoint?: string | null;
  readonly bizLocation?: string | null;
  readonly bizTransactions?: readonly BizTransaction[];
  /** EPCIS sourceList / destinationList. */
  readonly parties?: readonly Party[];
  /** When it happened (a line's scan time, a partner's capture); default the server's clock. */
  readonly eventTime?: string;
  readonly operator: string | null;
}

/**
 * `kind`'s event: the codes, operator and time every event has; `Named` fields it must give a value,
 * `Stated` fields it must give, null when there is none, `Optional` fields it may give. No other.
 */
type EventOf<
  K extends EventKind,
  Named extends keyof EventFields = never,
  Stated extends keyof EventFields = never,
  Optional extends keyof EventFields = never,
> = { readonly kind: K } & Pick<EventFields, "codes" | "operator" | "eventTime"> & {
    readonly [F in Named]-?: NonNullable<EventFields[F]>;
  } & { readonly [F in Stated]-?: Exclude<EventFields[F], undefined> } & {
    readonly [F in Optional]?: EventFields[F];
  };

/** ilmd of a commissioning: lot, production and expiry dates, as the work order has them. */
type Ilmd = "lot" | "productionDate" | "expiryDate";

/** Codes printed by a code order's generation job. */
export type IssueEvent = EventOf<"issue", never, never, "reason">;
/** Codes taken in from a file: the reason names it. */
export type ImportEvent = EventOf<"import", "reason">;
/** Commissioning against a work order: its id and prodorder, its ilmd. */
export type ActivateEvent = EventOf<"activate", "workOrderId" | "bizTransactions", Ilmd>;
/** A child into its package. */
export type PackEvent = EventOf<"pack", "parentCode", never, "workOrderId" | "lot">;
/** Children out of their package, at the plant or at the dealer (its place, its bol and rma). */
export type UnpackEvent = EventOf<"unpack", "parentCode", never, "reason" | "bizLocation" | "bizTransactions">;
/** A new label in an old one's place, with the old one's commissioning. */
export type ReplaceEvent = EventOf<"replace", "relatedCode" | "bizTransactions", "reason" | "workOrderId" | Ilmd>;
/** Decommissioning, with the reason; a replaced label names its successor, a closed work order itself. */
export type VoidEvent = EventOf<"void", never, "reason", "relatedCode" | "workOrderId">;
/** Leaving on a waybill (bol) for a dealer (destination), from a warehouse. */
export type ShipEvent = EventOf<"ship", "bizTransactions" | "parties", "bizLocation">;
/** A shipment undone, with the original bol. */
export type VoidShippingEvent = EventOf<"void_shipping", "bizTransactions", "reason" | "bizLocation">;
/** A dealer's return (rma, the original bol) received at a warehouse, from the dealer (source). */
export type ReturnEvent = EventOf<"return", "bizTransactions" | "parties", "bizLocation" | "reason">;
/** 退货解绑: a returned code freed, with its rma. */
export type RestockEvent = EventOf<"restock", "bizTransactions", "reason">;
/** Tail packages closed as their work order finishes; the reason names each one's fill. */
export type ClosePackageEvent = EventOf<"close_package", "workOrderId" | "reason">;
/** 成品交接: packages from a line (readPoint) into a warehouse (bizLocation). */
export type HandoverEvent = EventOf<"handover", "readPoint" | "bizLocation", never, "workOrderId">;
/** An inspector's check: the verdict, and where (a geo URI) when the scan said. */
export type InspectEvent = EventOf<"inspect", "reason", "readPoint">;
/** A partner's receipt or retail sale, as captured: its time, the bol, the dealer, where. */
export type CapturedEvent<K extends "receive" | "retail_sell"> = EventOf<
  K,
  "eventTime" | "bizTransactions" | "parties",
  "bizLocation" | "readPoint"
>;

/** An event the ledger appends, one shape per kind. */
export type LedgerEvent =
  | IssueEvent
  | ImportEvent
  | ActivateEvent
  | PackEvent
  | UnpackEvent
  | ReplaceEvent
  | VoidEvent
  | ShipEvent
  | VoidShippingEvent
  | ReturnEvent
  | RestockEvent
  | ClosePackageEvent
  | HandoverEvent
  | InspectEvent
  | CapturedEvent<"receive">
  | CapturedEvent<"retail_sell">;

/** An issue or import before its codes are drawn (ledger.ts issueCodes). */
export type IssuingEvent = Omit<IssueEvent, "codes"> | Omit<ImportEvent, "codes">;
