// What a consumer's scan says: the verdict follows the code's state, not merely
// whether a row exists. Only a code that left the warehouse for a dealer (shipped) is genuine; its
// repeated scans say how often and since when, and above the threshold they are a strong counterfeit
// caution. A code never activated, voided, returned or still in stock says so, and only the
// states in which the product is really on the market show its data.
import type { ScanVerdict } from "../../schema/contract/calls";
import { CodeStatus } from "../domain/ledger/event-vocabulary";

/** Consumer scans of one code above which the page warns of a counterfeit, when 预警参数 names none. */
export const DEFAULT_SCAN_THRESHOLD = 5;

/** The verdict of a scan of an existing code with status `status`, now scanned for the `count`-th time. */
export function verdictOf(status: string, count: number, threshold: number): ScanVerdict {
  switch (status) {
    case CodeStatus.generated:
      return "not_activated";
    case CodeStatus.voided:
      return "voided";
    case CodeStatus.returned:
      return "returned";
    case CodeStatus.activated:
    case CodeStatus.packed:
      return "in_stock";
    default:
      return count > threshold ? "over_threshold" : count > 1 ? "repeated" : "genuine";
  }
}

/** Verdicts whose page shows the product: the code is a real unit of it, wherever it is now. */
export const SHOWS_PRODUCT: ReadonlySet<ScanVerdict> = new Set([
  "genuine",
  "repeated",
  "over_threshold",
  "returned",
  "in_stock",
]);
