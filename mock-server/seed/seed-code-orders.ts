// Seeded code orders issue their codes through the real generation: the order is
// queued as the generate action queues it (domain/codes/generate-codes.ts) and its job runs to the end
// in-process (code-jobs/generation-job.ts), so every code has its rule's shape and check character,
// and each batch's counts are the codes that name it. The random characters come from the seed's
// PRNG instead of the CSPRNG, so the demo data is the same on every machine.
import type { AppContext } from "../context";
import { runGenerationNow } from "../domain/codes/code-jobs/generation-job";
import type { Characters } from "../domain/codes/code-rules/code-drawer";
import { ruleRow } from "../domain/codes/code-rules/rule-of";
import { queueGeneration } from "../domain/codes/generate-codes";
import { Prng } from "./prng";

/** Codes per transaction: fixed, so the ledger's issue events are the same on every run. */
const SEED_CHUNK = 500;
/** Codes a random seeded order asks for, by level (modest: the seed runs at every fresh start). */
const QUANTITY: Readonly<Record<string, readonly [number, number]>> = {
  item: [30, 90],
  box: [6, 15],
  case: [3, 8],
  pallet: [2, 4],
};

/** A deterministic stand-in for the CSPRNG: the seed's codes are the same on every machine. */
export class SeededCharacters implements Characters {
  constructor(private readonly rng: Prng) {}

  draw(alphabet: string, count: number): string {
    let out = "";
    for (let index = 0; index < count; index += 1) out += alphabet[this.rng.int(0, alphabet.length - 1)];
    return out;
  }
}

export interface SeededGeneration {
  readonly characters: SeededCharacters;
  readonly rng: Prng;
  readonly operator: string | null;
}

export interface GeneratedOrder {
  readonly orderId: number;
  readonly batchId: number;
  /** In issue order. */
  readonly codes: string[];
}

/** Generates code order `orderId` (status pending, no codes yet) to the end. */
export async function generateOrder(ctx: AppContext, orderId: number, seed: SeededGeneration): Promise<GeneratedOrder> {
  const info = ctx.catalog.info("code_orders");
  const batchNo = `B${ctx.records.now().replace(/\D/g, "").slice(0, 14)}${seed.rng.int(0, 0xffff).toString(16).toUpperCase().padStart(4, "0")}`;
  const batchId = await queueGeneration(ctx, info, orderId, { account: seed.operator }, batchNo);
  // The generate action's stamp (code_orders.yaml: stamp generated_at now).
  if (info.byName.has("generated_at")) await ctx.records.update(info, orderId, { generated_at: ctx.records.now() });
  await runGenerationNow(ctx, batchId, SEED_CHUNK, seed.characters);
  const codes = (
    await ctx.store.all<{ code: string }>(
      `SELECT "code" AS code FROM "trace_codes" WHERE "batch_id" = ? ORDER BY "id"`,
      [batchId],
    )
  ).map((row) => row.code);
  return { orderId, batchId, codes };
}

/**
 * The random seeded orders as their status says: a pending one has no codes; a generating,
 * generated or closed one is generated (a modest quantity for its rule's level). Returns the
 * orders to close once production has run (closing voids what they left unused). Only the random
 * seed's orders (ids up to `lastRandomId`), not those the history generated.
 */
export async function generateSeededOrders(
  ctx: AppContext,
  seed: SeededGeneration,
  lastRandomId: number,
): Promise<number[]> {
  const info = ctx.catalog.info("code_orders");
  const toClose: number[] = [];
  const orders = await ctx.store.all<{ id: number; status: string | null; rule_id: number | null }>(
    `SELECT "id" AS id, "status" AS status, "rule_id" AS rule_id FROM "code_orders" WHERE "id" <= ? ORDER BY "id"`,
    [lastRandomId],
  );
  for (const order of orders) {
    const rule = order.rule_id === null ? undefined : await ruleRow(ctx, order.rule_id);
    const [least, most] = QUANTITY[String(rule?.code_type)] ?? [0, 0];
    await ctx.records.update(info, order.id, {
      status: "pending",
      quantity: Math.max(1, seed.rng.int(least, most)),
      generated_at: null,
    });
    if (!rule || order.status === "pending" || !order.status) continue;
    await generateOrder(ctx, order.id, seed);
    if (order.status === "closed") toClose.push(order.id);
  }
  return toClose;
}
