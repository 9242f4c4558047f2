// The public scan call (spec §2): no token needed, counts the query. Its shape is the contract's
// consumerScan call (schema/contract/calls.ts), not copied from the server by hand.
import { consumerScan, type ConsumerScanData } from "../../generated/calls.gen";
import { ScanViews } from "./scan-views";

export type ScanAnswer = ConsumerScanData;
export type ScanResult = ConsumerScanData["result"];
export type PublicProduct = NonNullable<ConsumerScanData["product"]>;

const scanCode = (code: string): Promise<ScanAnswer> => consumerScan({ code });

/** The one per-page-view record of scan calls (see scan-views.ts). */
export const scanViews = new ScanViews(scanCode);
