// spec §2 /c: what a consumer types (or a camera reads) becomes a code the scan call accepts.
// The rule is the server's (mock-server/public/consumer-scan.ts): ^[A-Za-z0-9_-]+$, at most 64.
import { PATHS } from "../../settings";

export const SCAN_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const SCAN_CODE_MAX_LENGTH = 64;

export type ScanCodeProblem = "required" | "pattern" | "tooLong";
export type ScanCodeInput = { readonly code: string } | { readonly problem: ScanCodeProblem };

/** A whole scan-page link, as a printed QR code holds it (code_rules.yaml: https://…/m/q/{code}), gives its code. */
function fromLink(text: string): string {
  const match = /\/m\/q\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  if (!match) return text;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
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
