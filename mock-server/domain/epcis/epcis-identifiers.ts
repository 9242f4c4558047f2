// The URIs an EPCIS export names things by:
// - an item code of a product with a GTIN (products.barcode, GTIN-13 → GTIN-14 with a leading 0)
//   whose code is a valid GS1 serial (AI 21: up to 20 characters of GS1's set 82): a GS1 Digital
//   Link URI, https://id.gs1.org/01/{GTIN-14}/21/{serial};
// - an 18-digit code with a valid GS1 check digit (an SSCC, the pallet rule's codes):
//   https://id.gs1.org/00/{SSCC};
// - anything else (boxes and cases, which carry no GTIN of their own here, codes too long for
//   AI 21, work orders, places): a private tag URI (RFC 4151) under one authority,
//   tag:trace-console.example,2024:{kind}:{value}. Tag URIs need no registry and never resolve,
//   which is what a private identifier should do; a deployment replaces the authority with a
//   domain it owns (PRIVATE_AUTHORITY).
import { gs1CheckDigit } from "../codes/code-rules/check-characters";

export const DIGITAL_LINK_BASE = "https://id.gs1.org";
export const PRIVATE_AUTHORITY = "trace-console.example,2024";

/** GS1 AI 21 serial: 1 to 20 characters of GS1 set 82 (printable ASCII letters, digits, some symbols). */
const AI21_SERIAL = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;

export const privateUri = (kind: string, value: string | number): string =>
  `tag:${PRIVATE_AUTHORITY}:${kind}:${encodeURIComponent(String(value))}`;

export const isSscc = (code: string): boolean => /^\d{18}$/.test(code) && gs1CheckDigit(code.slice(0, 17)) === code[17];

/** GTIN-14 of a 13-digit barcode (or an 8/12/14-digit GTIN), if its check digit holds. */
export function gtin14(barcode: string | null | undefined): string | undefined {
  if (!barcode || !/^(\d{8}|\d{12,14})$/.test(barcode)) return undefined;
  const padded = barcode.padStart(14, "0");
  return gs1CheckDigit(padded.slice(0, 13)) === padded[13] ? padded : undefined;
}

export interface CodeIdentity {
  readonly code: string;
  readonly level: string | null;
  /** The product's barcode (GTIN), if the code has a product that has one. */
  readonly barcode?: string | null;
}

/** The URI of one code in an export. */
export function codeUri({ code, level, barcode }: CodeIdentity): string {
  if (isSscc(code)) return `${DIGITAL_LINK_BASE}/00/${code}`;
  const gtin = level === "item" ? gtin14(barcode) : undefined;
  if (gtin && AI21_SERIAL.test(code)) return `${DIGITAL_LINK_BASE}/01/${gtin}/21/${encodeURIComponent(code)}`;
  return privateUri("code", code);
}
