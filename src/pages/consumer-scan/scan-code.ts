// spec §2 /c: what a consumer types (or a camera reads) becomes a code the scan call accepts.
// The rule is the contract's (schema/contract/patterns.ts), which the scan call's input checks too.
import { SCAN_CODE_MAX_LENGTH, SCAN_CODE_PATTERN as SCAN_CODE_SOURCE } from "../../../schema/contract/patterns";
import { PATHS } from "../../settings";

export const SCAN_CODE_PATTERN = new RegExp(SCAN_CODE_SOURCE);
export { SCAN_CODE_MAX_LENGTH };

export type ScanCodeProblem = "required" | "pattern" | "tooLong";
export type ScanCodeInput = { readonly code: string } | { readonly problem: ScanCodeProblem };

/** A whole scan-page link, as a printed QR code holds it (code_rules.yaml: https://…/m/q/{code}), gives its code. */
function fromLink(text: string): string {
  const match = /\/m\/q\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  if (!match) return text;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function readScanCode(raw: string | null | undefined): ScanCodeInput {
  const code = fromLink((raw ?? "").trim());
  if (!code) return { problem: "required" };
  if (code.length > SCAN_CODE_MAX_LENGTH) return { problem: "tooLong" };
  if (!SCAN_CODE_PATTERN.test(code)) return { problem: "pattern" };
  return { code };
}

export const scanPagePath = (code: string): string => `${PATHS.consumerScanResult}/${encodeURIComponent(code)}`;
