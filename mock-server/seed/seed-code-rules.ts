// Seeded code rules get shapes that can make codes (random columns would not): a segment rule per
// level — level digit, 18 Crockford Base32 characters (90 bits), ISO 7064 check — and an SSCC rule
// for pallets. Every level has an enabled rule (the first rules take the levels in turn, and a small
// seed gets the ones it lacks), so the seeded chain can issue item, box, case and pallet codes.
import type { AppContext } from "../context";
import { DEFAULT_URL_TEMPLATE } from "../domain/codes/code-rules/rule-of";
import type { Row } from "../resources/row-codec";

const SEGMENT_RULE = {
  kind: "segments",
  length: 20,
  charset: "alphanumeric",
  segments: [{ kind: "level" }, { kind: "random", length: 18 }, { kind: "check" }],
  extension_digit: "0",
};
const SSCC_RULE = { kind: "sscc", length: 18, charset: "numeric", segments: null, extension_digit: "0" };
export const CODE_LEVELS = ["item", "box", "case", "pallet"] as const;
const LEVEL_NAMES: Record<string, string> = { item: "单品码", box: "盒码", case: "箱码", pallet: "托盘码" };

const shapeFor = (level: string): Row => ({
  ...(level === "pallet" ? SSCC_RULE : SEGMENT_RULE),
  url_template: DEFAULT_URL_TEMPLATE,
  sequence_next: 0,
});

export async function seedCodeRules(ctx: AppContext): Promise<void> {
  const rules = ctx.catalog.find("code_rules");
  if (!rules?.byName.has("segments")) return;
  const known = (values: Row): Row =>
    Object.fromEntries(Object.entries(values).filter(([name]) => rules.byName.has(name)));
  const rows = await ctx.store.all<{ id: number; code_type: string }>(
    `SELECT "id" AS id, "code_type" AS code_type FROM "code_rules" ORDER BY "id"`,
  );
  for (const [index, row] of rows.entries()) {
    const level = CODE_LEVELS[index] ?? row.code_type;
    const named = index < CODE_LEVELS.length ? { status: "enabled", rule_name: `${LEVEL_NAMES[level]}规则` } : {};
    await ctx.records.update(rules, row.id, known({ ...shapeFor(level), code_type: level, ...named }));
  }
  for (const level of CODE_LEVELS.slice(rows.length))
    await ctx.records.insert(
      rules,
      known({
        rule_code: `SEED-${level.toUpperCase()}`,
        rule_name: `${LEVEL_NAMES[level]}规则`,
        code_type: level,
        status: "enabled",
        ...shapeFor(level),
      }),
    );
}
