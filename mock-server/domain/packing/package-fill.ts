// A package's fill: how many codes it holds against how many its product's packaging hierarchy
// lets it hold (package_hierarchies: level ⊃ child_level × ratio). Derived, never stored:
// empty (nothing inside), partial (a tail box), full. A closed package (its work order finished
// with it partial, see close-tail-boxes.ts) is "closed" whatever it holds.
import type { ChainContext } from "../chain-context";
import type { CodeRow } from "../codes/code-lookup";

export type FillState = "empty" | "partial" | "full" | "closed";

export interface Fill {
  readonly held: number;
  /** Null when the hierarchy names nothing inside this level (an item, or a level without a row). */
  readonly capacity: number | null;
  readonly state: FillState;
}

/** The level a package holds when it holds nothing yet: the one just below it. */
const LEVEL_BELOW: Readonly<Record<string, string>> = { box: "item", case: "box", pallet: "case" };

/**
 * How many codes the package holds when full: its product's hierarchy row for its level and the
 * level of what it holds (its first child's, else the level below), as packing counts it
 * (packing.ts capacityOf), so the fill, the tail-box check and 箱码查询 agree with packing.
 */
export async function packageCapacity(
  ctx: ChainContext,
  pkg: Pick<CodeRow, "code" | "product_id" | "code_type">,
): Promise<number | null> {
  const held = await ctx.store.get<{ level: string | null }>(
    `SELECT "code_type" AS level FROM "trace_codes" WHERE "parent_code" = ? ORDER BY "id" LIMIT 1`,
    [pkg.code],
  );
  const childLevel = held?.level ?? LEVEL_BELOW[pkg.code_type ?? ""];
  if (!childLevel) return null;
  return (
    (
      await ctx.store.get<{ ratio: number }>(
        `SELECT "ratio" AS ratio FROM "package_hierarchies" WHERE "product_id" = ? AND "level" = ? AND "child_level" = ? ORDER BY "id" LIMIT 1`,
        [pkg.product_id, pkg.code_type, childLevel],
      )
    )?.ratio ?? null
  );
}

export const isClosedPackage = async (ctx: ChainContext, code: string): Promise<boolean> =>
  (await ctx.store.get(
    `SELECT 1 AS one FROM "_ledger_events" e JOIN "_ledger_event_codes" c ON c.event_id = e.id WHERE e.kind = 'close_package' AND c.code = ? LIMIT 1`,
    [code],
  )) !== undefined;

export async function fillOf(ctx: ChainContext, pkg: CodeRow, held: number): Promise<Fill> {
  const capacity = await packageCapacity(ctx, pkg);
  const state: FillState = (await isClosedPackage(ctx, pkg.code))
    ? "closed"
    : held === 0
      ? "empty"
      : capacity !== null && held >= capacity
        ? "full"
        : "partial";
  return { held, capacity, state };
}
