// Seeded code rules get shapes that can make codes (random columns would not): a segment rule per
// level — level digit, 18 Crockford Base32 characters (90 bits), ISO 7064 check — and an SSCC rule
// for pallets. Seeded batches and orders are finished jobs: every requested code succeeded.
import type { AppContext } from "../context";

const SEGMENT_RULE = { kind: "segments", length: 20, charset: "alphanumeric", segments: "level + random:18 + check", extension_digit: "0" };
const SSCC_RULE = { kind: "sscc", length: 18, charset: "numeric", segments: null, extension_digit: "0" };

export function seedCodeRules(ctx: AppContext): void {
  const rules = ctx.catalog.find("code_rules");
  if (!rules?.byName.has("segments")) return;
  for (const row of ctx.store.all<{ id: number; code_type: string }>(`SELECT "id" AS id, "code_type" AS code_type FROM "code_rules" ORDER BY "id"`))
    ctx.records.update(rules, row.id, row.code_type === "pallet" ? SSCC_RULE : SEGMENT_RULE);
  if (ctx.catalog.find("code_batches")?.byName.has("succeeded")) {
    ctx.store.run(`UPDATE "code_batches" SET "status" = 'done', "succeeded" = "quantity", "failed" = 0, "finished_at" = "generated_at"`);
    ctx.store.bump("code_batches", 0);
  }
  if (ctx.catalog.find("code_orders")?.byName.has("status")) {
    ctx.store.run(`UPDATE "code_orders" SET "status" = 'generated' WHERE "status" = 'generating'`);
    ctx.store.bump("code_orders", 0);
  }
}
