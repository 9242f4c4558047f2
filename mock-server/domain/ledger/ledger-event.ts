// What a rule hands the ledger to append: one event, its codes and what the EPCIS interface says
// of it (ledger.ts records it; append-event.ts writes its rows).
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

export interface LedgerEvent {
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
  /** When it happened (a line's scan time); default the server's clock. */
  readonly eventTime?: string;
  readonly operator: string | null;
}
