// code_orders.generate (预生码 → 生码): queues a generation job — the batch row (code_batches,
// status queued, requested = what the order still lacks) — and marks the order generating, in the
// action's transaction; the job issues the codes outside the request (code-jobs/generation-job.ts).
// A rule that cannot make codes is refused here, naming why, before anything is written.
import { message } from "../../../schema/contract/messages";
import { ChainRefusal } from "../refusal";
import type { ChainContext } from "../chain-context";
import type { ResourceInfo } from "../../resources/catalog";
import type { Actor } from "../../resources/stamps";
import { ruleRow, storedShape } from "./code-rules/rule-of";
import { CODE_BATCHES, generationJobs, JobStatus } from "./code-jobs/generation-job";
import { problemList } from "./code-words";
import type { DomainHandler } from "../domain-handler";
import { TRACE_CODES } from "../ledger/ledger";
import { randomBytes } from "node:crypto";

export const MAX_CODES_PER_RUN = 1_000_000;

// The second it was made and four random bytes: two batches made in one second (a line's burst, or a
// test's fixed clock) collide once in about 4 × 10⁹ pairs, where two bytes gave one in 65,536.
const batchNo = (now: string) =>
  `B${now.replace(/\D/g, "").slice(0, 14)}${randomBytes(4).toString("hex").toUpperCase()}`;

/**
 * Checks that order `id` can be generated and queues its job: the batch row (queued, requested =
 * what the order still lacks), the order marked generating. Returns the batch id; the caller runs it.
 * `batch_no`: the seed gives its own, so the demo data does not depend on the CSPRNG.
 */
export async function queueGeneration(
  ctx: ChainContext,
  info: ResourceInfo,
  id: number,
  actor: Actor,
  batch_no = batchNo(ctx.records.now()),
): Promise<number> {
  const order = (await ctx.records.row(info, id))!;
  const rule = order.rule_id == null ? undefined : await ruleRow(ctx, order.rule_id as number);
  if (!rule)
    throw new ChainRefusal("invalid", message("codes.orderNamesNoRule", { order: String(order.order_no) }), {
      rule_id: message("common.rule.required"),
    });
  const { problems } = await storedShape(ctx, rule);
  if (problems.length)
    throw new ChainRefusal("invalid", message("codes.cannotMakeCodes", { rule: String(rule.rule_code), problems }), {
      rule_id: problemList(problems),
    });
  const issued = (await ctx.store.get<{ n: number }>(
    `SELECT count(*) AS n FROM "${TRACE_CODES}" WHERE "order_id" = ?`,
    [id],
  ))!.n;
  const requested = Math.min(Number(order.quantity ?? 0), MAX_CODES_PER_RUN) - issued;
  if (requested < 1)
    throw new ChainRefusal("conflict", message("codes.orderHasCodes", { order: String(order.order_no), issued }));
  const batchId = await ctx.records.insert(
    ctx.catalog.info(CODE_BATCHES),
    {
      batch_no,
      order_id: id,
      rule_id: rule.id,
      code_type: rule.code_type,
      quantity: requested,
      status: JobStatus.queued,
      succeeded: 0,
      failed: 0,
    },
    actor,
  );
  await ctx.records.update(info, id, { status: "generating" });
  return batchId;
}

export const generateCodes: DomainHandler = {
  run: async (call) => {
    const { ctx, info, id } = call;
    const batchId = await queueGeneration(ctx, info, id!, call.actor);
    // The lease commits with the batch, so no other process's poll takes the job between the two;
    // the job starts once this transaction has committed, outside it; if it rolls back, neither is.
    await generationJobs(ctx).claim(batchId);
    ctx.store.afterCommit(() => generationJobs(ctx).start(batchId));
    // The answer is the order (generating), as the action's contract says; the batch shows progress.
    return undefined;
  },
};
