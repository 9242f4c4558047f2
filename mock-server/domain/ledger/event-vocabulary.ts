// The ledger's event kinds and what each means in EPCIS 2.0 / CBV 2.0 terms (eventType, action,
// bizStep, disposition). The kind is our own word, kept on the row so reports can tell a
// replacement's commissioning from production; the EPCIS columns are what the export emits.
// A new kind is added here, not in the callers.

export type EventKind =
  | "issue"
  | "import"
  | "activate"
  | "pack"
  | "unpack"
  | "replace"
  | "void"
  // logistics
  | "ship"
  | "void_shipping"
  | "return"
  | "restock"
  // Plant kinds (tail boxes, handover): keep this block together.
  | "close_package"
  | "handover"
  // inspection
  | "inspect"
  // Captured from a partner through EPCIS (domain/epcis/capture): keep this block together.
  | "receive"
  | "retail_sell";
export type EpcisEventType = "ObjectEvent" | "AggregationEvent";
export type EpcisAction = "ADD" | "OBSERVE" | "DELETE";

export interface EpcisMeaning {
  readonly eventType: EpcisEventType;
  readonly action: EpcisAction;
  /** CBV 2.0 bizStep (short form; the export prefixes https://ref.gs1.org/cbv/BizStep-). */
  readonly bizStep: string;
  /** CBV 2.0 disposition after the event (short form), if the event sets one. */
  readonly disposition?: string;
}

export const EVENT_MEANING: Readonly<Record<EventKind, EpcisMeaning>> = {
  // A code printed for later use: encoded on its carrier, not yet an object in the supply chain.
  issue: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "encoding", disposition: "encoded" },
  import: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "encoding", disposition: "encoded" },
  // Activation against a work order: the product exists (ilmd lot/dates, bizTransaction prodorder).
  activate: { eventType: "ObjectEvent", action: "ADD", bizStep: "commissioning", disposition: "active" },
  pack: { eventType: "AggregationEvent", action: "ADD", bizStep: "packing", disposition: "in_progress" },
  unpack: { eventType: "AggregationEvent", action: "DELETE", bizStep: "unpacking", disposition: "in_progress" },
  // A new label takes an old one's place: commissioning of the new code with the old one's ilmd.
  replace: { eventType: "ObjectEvent", action: "ADD", bizStep: "commissioning", disposition: "active" },
  void: { eventType: "ObjectEvent", action: "DELETE", bizStep: "decommissioning", disposition: "inactive" },
  // Logistics. The event names the waybill's own codes (a pallet: its SSCC only); the
  // state of everything they contain follows. bizTransaction bol = the waybill number.
  // Shipping to a dealer: destination owning_party = the dealer.
  ship: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "shipping", disposition: "in_transit" },
  // A shipment undone (减货, 换货's old code, 解绑运单): the original bol; the goods are back in stock.
  void_shipping: {
    eventType: "ObjectEvent",
    action: "OBSERVE",
    bizStep: "void_shipping",
    disposition: "sellable_not_accessible",
  },
  // A dealer's return received at a warehouse: bizTransaction rma, source owning_party = the dealer.
  return: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "receiving", disposition: "returned" },
  // 退货解绑: a returned code re-inspected and freed from its former waybill, back in stock.
  restock: {
    eventType: "ObjectEvent",
    action: "OBSERVE",
    bizStep: "inspecting",
    disposition: "sellable_not_accessible",
  },
  // Plant kinds (keep this block together):
  // a partial (tail) box closed as its work order finishes: it takes no more children (CBV 2.0 container_closed).
  close_package: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "packing", disposition: "container_closed" },
  // 成品交接: packed output leaves the line (readPoint) for the finished-goods warehouse (bizLocation).
  // CBV storing ("moving objects into storage within a location"): the plant and its warehouse are one site.
  handover: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "storing", disposition: "sellable_not_accessible" },
  // An inspector's scan in the market: readPoint is the geo URI of the scan.
  inspect: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "inspecting" },
  // Captured from a partner (keep this block together): the dealer's own receiving of a waybill's
  // goods (bizTransaction bol, destination owning_party the dealer; the codes stay shipped to it),
  // and a retail sale at the dealer's shop.
  receive: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "receiving", disposition: "in_progress" },
  retail_sell: { eventType: "ObjectEvent", action: "OBSERVE", bizStep: "retail_selling", disposition: "retail_sold" },
};

// What the ledger's projections (domain/projections/) count, by kind: reports read these, not literals.
/** A code printed or taken in (encoded), not yet a product: what "codes generated" counts. */
export const ENCODING_KINDS: readonly EventKind[] = ["issue", "import"];
/** Production: a code commissioned against a work order (a replacement's commissioning is not output). */
export const OUTPUT_KINDS: readonly EventKind[] = ["activate"];
/** A package's fill; its first one makes the package output, later ones (re-binding) do not. */
export const PACKING_KINDS: readonly EventKind[] = ["pack"];
/** A code a work order consumed: activated or put on as a replacement label. */
export const CODE_USE_KINDS: readonly EventKind[] = ["activate", "replace"];
export const VOID_KINDS: readonly EventKind[] = ["void"];
/** Packed output moving from a line to a warehouse (成品交接). */
export const HANDOVER_KINDS: readonly EventKind[] = ["handover"];
/** A package's contents change: what a code held at any moment is the last of these naming each child. */
export const LINK_KINDS: readonly EventKind[] = ["pack", "unpack"];
/** Goods leaving for a dealer on a waybill (bizTransaction bol, destination owning_party the dealer). */
export const SHIPPING_KINDS: readonly EventKind[] = ["ship"];
/** A shipment undone (减货, 换货's old code, 解绑运单), naming the codes it takes back, with the original bol. */
export const UNSHIPPING_KINDS: readonly EventKind[] = ["void_shipping"];
/** A dealer's return received (bizTransaction rma, source owning_party the dealer). */
export const RETURN_KINDS: readonly EventKind[] = ["return"];

/** code_status values (manifest enum code_status) as the ledger writes them. */
export const CodeStatus = {
  generated: "generated",
  activated: "activated",
  packed: "packed",
  shipped: "shipped",
  returned: "returned",
  /** Voided (作废): decommissioned, never to be activated, packed or scanned as genuine. */
  voided: "scrapped",
} as const;
export type CodeStatusValue = (typeof CodeStatus)[keyof typeof CodeStatus];
