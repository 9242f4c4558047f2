// Code rules stored before segments were rows hold them as notation ("level + random:18 + check").
// At start-up each such rule is rewritten as the rows it stands for, so every read (the list, the
// detail, an export) gives rows; a notation with mistakes is left as it was, and the rule's checks
// refuse it by name as before (segment-rows.ts reads both shapes).
import type { ChainContext } from "../../chain-context";
import { CODE_RULES } from "./rule-of";
import { rowsOfSegments, segmentsOf } from "./segment-rows";

/**
 * Rewrites notation segments as rows; returns how many rules it rewrote. One transaction: the rules
 * read are the rules rewritten, even while another server on the same database (a development
 * server taking a new contract) still answers calls.
 */
export async function migrateSegmentNotation(ctx: ChainContext): Promise<number> {
  if (!ctx.catalog.find(CODE_RULES)?.byName.get("segments")?.json) return 0;
  const rewritten = await ctx.store.transaction(async () => {
    const stored = await ctx.store.all<{ id: number; segments: string }>(
      `SELECT "id" AS id, "segments" AS segments FROM "code_rules" WHERE "segments" IS NOT NULL AND CAST("segments" AS TEXT) NOT LIKE '[%' ORDER BY "id"`,
    );
    let count = 0;
    for (const rule of stored) {
      const parsed = segmentsOf(rule.segments);
      if (!parsed.segments) continue;
      await ctx.store.run(`UPDATE "code_rules" SET "segments" = ? WHERE "id" = ?`, [
        JSON.stringify(rowsOfSegments(parsed.segments)),
        rule.id,
      ]);
      count += 1;
    }
    return count;
  });
  if (rewritten) ctx.store.bump("code_rules", 0);
  return rewritten;
}
