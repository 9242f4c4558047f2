// The public scan call (spec §2; mock-server/public/consumer-scan.ts): no token needed, counts
// the query. Not a manifest resource, so its answer's shape is written here, field for field as
// the server's public list (mock-server/public/public-product.ts) gives it.
import { request } from "../../api/http-client";
import { ScanViews } from "./scan-views";

export const SCAN_API = "/api/public/scan";

export type ScanResult = "genuine" | "repeated" | "not_found";

export interface PublicProduct {
  readonly product_name: string | null;
  readonly spec: string | null;
  readonly barcode: string | null;
  readonly shelf_life_days: number | null;
  readonly image: string | null;
  readonly brand_name: string | null;
  readonly unit_name: string | null;
  readonly batch_no: string | null;
  readonly production_date: string | null;
  readonly expiry_date: string | null;
  readonly manufacturer: string | null;
  readonly manufacturer_address: string | null;
}

export interface ScanAnswer {
  readonly code: string;
  readonly result: ScanResult;
  /** This query's number, this query included. */
  readonly scan_index: number;
  readonly first_scan_at: string | null;
  readonly product: PublicProduct | null;
}

const scanCode = (code: string): Promise<ScanAnswer> =>
  request<ScanAnswer>({ method: "GET", path: SCAN_API, query: { code } });

/** The one per-page-view record of scan calls (see scan-views.ts). */
export const scanViews = new ScanViews(scanCode);
