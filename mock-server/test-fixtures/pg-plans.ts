// What a PostgreSQL plan (EXPLAIN (FORMAT JSON), with ANALYZE or without) reads, for the partition
// tests: each node that reads a table, with the table, how it reads it, and, under ANALYZE, how
// often it ran and how many rows it gave.
import type { Store } from "../db/store";

export interface ReadNode {
  readonly table: string;
  /** "Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan", … */
  readonly how: string;
  /** Under ANALYZE: the rows it read and a filter threw away (an index that could not serve the condition). */
  readonly removed?: number;
  /** Under ANALYZE: 0 when the executor never started it. */
  readonly loops?: number;
  readonly rows?: number;
}

interface PlanNode {
  readonly "Node Type": string;
  readonly "Relation Name"?: string;
  readonly "Actual Loops"?: number;
  readonly "Actual Rows"?: number;
  readonly "Rows Removed by Filter"?: number;
  readonly Plans?: readonly PlanNode[];
}

/** Every node of `node`'s tree, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The plan of `sql` with `params`: its tree's nodes, and those that read a table. */
export async function planOf(
  store: Store,
  sql: string,
  params: readonly unknown[] = [],
  analyze = false,
): Promise<{ readonly nodes: PlanNode[]; readonly reads: ReadNode[] }> {
  const row = await store.get<{ "QUERY PLAN": unknown }>(
    `EXPLAIN (FORMAT JSON${analyze ? ", ANALYZE" : ""}) ${sql}`,
    params as never[],
  );
  const plan = row!["QUERY PLAN"];
  const root = (typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  const nodes = planNodes(root[0].Plan);
  const reads = nodes
    .filter((node) => node["Relation Name"] !== undefined)
    .map((node) => ({
      table: node["Relation Name"]!,
      how: node["Node Type"],
      ...(node["Actual Loops"] !== undefined
        ? { loops: node["Actual Loops"], rows: node["Actual Rows"], removed: node["Rows Removed by Filter"] ?? 0 }
        : {}),
    }));
  return { nodes, reads };
}
