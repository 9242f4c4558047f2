// 箱码查询: what a package holds (its children), the packages around it up to the pallet, how many
// codes of each level it holds all the way down (a case of 5 boxes of 10 items: 5 boxes, 50 items),
// its fill against the capacity its product's packaging hierarchy gives (empty, partial, full), and
// where it went (waybill, dealer, ship time, warehouse: code-logistics.ts).
import type { ChainContext } from "../chain-context";
import { childrenOf, type CodeRow } from "../codes/code-lookup";
import { fillOf, type Fill } from "../packing/package-fill";
import { lookedUpCode, parentChain, type ChainLink } from "./code-detail";
import { codeLogistics, type CodeLogistics } from "./code-logistics";

/** A pallet of cases of boxes of items is three levels deep; more means a broken chain. */
const MAX_DEPTH = 16;

export interface PackageContents {
  readonly code: string;
  readonly level: string | null;
  readonly status: string | null;
  readonly fill: Fill;
  readonly children: readonly ChainLink[];
  readonly parents: readonly ChainLink[];
  /** Codes held at each level, the whole tree below the package, in level order from the package down. */
  readonly counts: readonly { readonly level: string | null; readonly count: number }[];
  /** The waybill it left on, its dealer and warehouse; null while it has not left. */
  readonly logistics: CodeLogistics | null;
}

const link = (row: CodeRow): ChainLink => ({ code: row.code, level: row.code_type, status: row.status });

export async function packageContents(ctx: ChainContext, code: string): Promise<PackageContents> {
  const row = await lookedUpCode(ctx, code);
  const children = await childrenOf(ctx, row.code);
  const counts: { level: string | null; count: number }[] = [];
  let layer = children;
  for (let depth = 0; layer.length && depth < MAX_DEPTH; depth += 1) {
    for (const child of layer) {
      const entry = counts.find((count) => count.level === child.code_type);
      if (entry) entry.count += 1;
      else counts.push({ level: child.code_type, count: 1 });
    }
    const below: CodeRow[] = [];
    for (const child of layer) below.push(...(await childrenOf(ctx, child.code)));
    layer = below;
  }
  return {
    code: row.code,
    level: row.code_type,
    status: row.status,
    fill: await fillOf(ctx, row, children.length),
    children: children.map(link),
    parents: await parentChain(ctx, row),
    counts,
    logistics: await codeLogistics(ctx, row.code),
  };
}
