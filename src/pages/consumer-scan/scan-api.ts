// The public scan call (spec §2): no token needed, counts the query. Its shape is the contract's
// consumerScan call (schema/contract/calls.ts), not copied from the server by hand.
import { consumerScan, type ConsumerScanData } from "../../api/generated/calls.gen";
import { ScanViews } from "./scan-views";
import type { ScanPath } from "../../../schema/contract/calls";

export type ScanAnswer = ConsumerScanData;
export type ScanResult = ConsumerScanData["result"];
export type PublicProduct = NonNullable<ConsumerScanData["product"]>;

/** The page the scan comes from, recorded with it: /m/q/:code (a printed QR code), a GS1 Digital Link, or /c (typed in). */
const scanPath = (): ScanPath => {
  const { pathname } = window.location;
  return pathname.startsWith("/01/") ? "digital_link" : pathname.startsWith("/c") ? "c" : "m_q";
};

/** On a Digital Link page, its GTIN: the scan call checks the link before it looks the code up. */
const digitalLinkGtin = (): string | undefined => /^\/01\/(\d{14})\/21\//.exec(window.location.pathname)?.[1];

const scanCode = (code: string): Promise<ScanAnswer> => {
  const gtin = digitalLinkGtin();
  return consumerScan({ code, path: scanPath(), ...(gtin ? { gtin } : {}) });
};

/** The one per-page-view record of scan calls (see scan-views.ts). */
export const scanViews = new ScanViews(scanCode);
