// The public scan call (spec §2): no token needed, counts the query. Its shape is the contract's
// consumerScan call (schema/contract/calls.ts), not copied from the server by hand.
import { consumerScan, type ConsumerScanData } from "../../generated/calls.gen";
import { ScanViews } from "./scan-views";
import type { ScanPath } from "../../../schema/contract/calls";

export type ScanAnswer = ConsumerScanData;
export type ScanResult = ConsumerScanData["result"];
export type PublicProduct = NonNullable<ConsumerScanData["product"]>;

/** The page the scan comes from, recorded with it: /m/q/:code (a printed QR code) or /c (typed in). */
const scanPath = (): ScanPath => (window.location.pathname.startsWith("/c") ? "c" : "m_q");

const scanCode = (code: string): Promise<ScanAnswer> => consumerScan({ code, path: scanPath() });

/** The one per-page-view record of scan calls (see scan-views.ts). */
export const scanViews = new ScanViews(scanCode);
