// What an EPC parameter's values (exact URIs and patterns, epc-patterns.ts) select among the codes a
// column holds, as one SQL condition on that column, each part on an index: exact codes as an IN
// list and an SSCC pattern as prefix ranges (the code index of _ledger_event_codes or the parent
// index of _ledger_events), an SGTIN pattern as the item codes of the products whose GTIN it names
// (trace_codes' product index). Only codes our documents name by that scheme match: an SSCC is 18
// characters; an item's Digital Link needs a serial of at most 20 characters (GS1 AI 21), and a
// serial outside GS1's character set 82, which is named by the private scheme instead, is not told
// apart here.
import { placeholders } from "../../db/sql-params";
import type { ChainContext } from "../chain-context";
import { gtin14 } from "./epcis-identifiers";
import { epcSelectionOf, prefixRange, ssccPrefixes, type SgtinPattern } from "./epc-patterns";

export interface CodeCondition {
  /** The condition on the column, or undefined when nothing can match. */
  readonly sql?: string;
  readonly params: unknown[];
}

/** The ids of the products whose GTIN-14 one of `patterns` names. */
async function productsOf(ctx: ChainContext, patterns: readonly SgtinPattern[]): Promise<number[]> {
  if (!patterns.length || !ctx.catalog.find("products")?.byName.has("barcode")) return [];
  const rows = await ctx.store.all<{ id: number; barcode: string }>(
    `SELECT id, barcode FROM products WHERE barcode IS NOT NULL`,
  );
  return rows
    .filter((row) => {
      const gtin = gtin14(row.barcode);
      return (
        gtin !== undefined &&
        patterns.some((pattern) =>
          pattern.gtin
            ? pattern.gtin === gtin
            : gtin.slice(1, 1 + pattern.companyPrefix.length) === pattern.companyPrefix,
        )
      );
    })
    .map((row) => Number(row.id));
}

/** The codes `column` holds that the values select; `codesOf` reads exact URIs back to known codes. */
export async function codeCondition(
  ctx: ChainContext,
  values: readonly string[],
  column: string,
  codesOf: (uris: readonly string[]) => Promise<string[]>,
): Promise<CodeCondition> {
  const selection = epcSelectionOf(values);
  const parts: string[] = [];
  const params: unknown[] = [];
  const codes = selection.uris.length ? await codesOf(selection.uris) : [];
  if (codes.length) {
    parts.push(`${column} IN (${placeholders(codes.length)})`);
    params.push(...codes);
  }
  for (const pattern of selection.patterns)
    if (pattern.scheme === "sscc")
      for (const prefix of ssccPrefixes(pattern)) {
        const { low, high } = prefixRange(prefix);
        parts.push(`(${column} >= ? AND ${column} < ? AND length(${column}) = 18)`);
        params.push(low, high);
      }
  const products = await productsOf(
    ctx,
    selection.patterns.filter((pattern): pattern is SgtinPattern => pattern.scheme === "sgtin"),
  );
  if (products.length) {
    parts.push(
      `${column} IN (SELECT c.code FROM trace_codes c WHERE c.product_id IN (${placeholders(products.length)}) AND c.code_type = 'item' AND length(c.code) <= 20)`,
    );
    params.push(...products);
  }
  return parts.length ? { sql: parts.length === 1 ? parts[0] : `(${parts.join(" OR ")})`, params } : { params };
}
