// The query side of epcis-identifiers.ts: what a URI a caller sends names in the ledger. A query
// names things the way our documents do (Digital Link, SSCC, the private tag scheme, geo URIs, CBV
// words); a URI of another scheme names nothing here, so it matches no event rather than failing.
import { DIGITAL_LINK_BASE, PRIVATE_AUTHORITY } from "./epcis-identifiers";

const PRIVATE_PREFIX = `tag:${PRIVATE_AUTHORITY}:`;

/** The value of a private tag URI of `kind`, or undefined. */
export function privateValue(uri: string, kind: string): string | undefined {
  const head = `${PRIVATE_PREFIX}${kind}:`;
  if (!uri.startsWith(head)) return undefined;
  try {
    return decodeURIComponent(uri.slice(head.length));
  } catch {
    return undefined;
  }
}

/**
 * The trace code an EPC URI would name, before checking it does (the caller compares the code's
 * own URI with the one given: a Digital Link with another GTIN names nothing).
 */
export function codeOfEpc(uri: string): string | undefined {
  const sscc = new RegExp(`^${DIGITAL_LINK_BASE}/00/(\\d{18})$`).exec(uri);
  if (sscc) return sscc[1];
  const sgtin = new RegExp(`^${DIGITAL_LINK_BASE}/01/\\d{14}/21/([^/?#]+)$`).exec(uri);
  if (sgtin)
    try {
      return decodeURIComponent(sgtin[1]);
    } catch {
      return undefined;
    }
  return privateValue(uri, "code");
}

const CBV_FORMS = (type: "BizStep" | "Disp", urn: "bizstep" | "disp") => [
  `https://ref.gs1.org/cbv/${type}-`,
  `urn:epcglobal:cbv:${urn}:`,
];

/** A CBV bizStep or disposition as the ledger keeps it (the bare word), from any of its forms. */
export function cbvWord(value: string, vocabulary: "bizStep" | "disposition"): string {
  const forms = vocabulary === "bizStep" ? CBV_FORMS("BizStep", "bizstep") : CBV_FORMS("Disp", "disp");
  for (const form of forms) if (value.startsWith(form)) return value.slice(form.length);
  return value;
}

/** Where a readPoint URI points in the ledger: a stored place (geo URI or ours), or a work order's line. */
export type ReadPointRef = { readonly place: string } | { readonly line: string };

export function readPointOf(uri: string): ReadPointRef | undefined {
  if (uri.startsWith("geo:")) return { place: uri };
  const place = privateValue(uri, "place");
  if (place !== undefined) return { place };
  const line = privateValue(uri, "line");
  return line !== undefined ? { line } : undefined;
}
