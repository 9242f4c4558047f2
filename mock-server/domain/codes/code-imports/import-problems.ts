// The problem rows of an import, kept with its batch: a refused import (recorded as a failed batch)
// and one that skipped bad rows both keep every problem, so a supervisor downloads what was tried
// and why. Each reason is kept as the catalog's key and parameters and worded for whoever
// downloads it, in their language.
import { isMessageKey, message, messageIn, type MessageLanguage } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import type { Store } from "../../../db/store";
import { notFound } from "../../refusal";
import { CODE_BATCHES } from "../code-jobs/generation-job";
import type { CodeRowProblem } from "./check-imported-codes";

export const IMPORT_PROBLEMS_HEADER = ["行号", "码", "问题"];
const PAGE = 5_000;

export async function createImportProblemTable(store: Store): Promise<void> {
  await store.exec(`
    CREATE TABLE IF NOT EXISTS _code_import_problems (
      id INTEGER PRIMARY KEY AUTOINCREMENT, batch_id INTEGER NOT NULL, row_no INTEGER NOT NULL, code TEXT NOT NULL,
      message_key TEXT NOT NULL, message_params TEXT
    );
    CREATE INDEX IF NOT EXISTS _code_import_problems_batch ON _code_import_problems (batch_id);`);
}

/** Keeps `problems` with batch `batchId`, in the caller's transaction. */
export async function keepProblems(
  ctx: ChainContext,
  batchId: number,
  problems: readonly CodeRowProblem[],
): Promise<void> {
  for (const problem of problems)
    await ctx.store.run(
      `INSERT INTO _code_import_problems (batch_id, row_no, code, message_key, message_params) VALUES (?, ?, ?, ?, ?)`,
      [
        batchId,
        problem.row,
        problem.code,
        problem.text.key,
        problem.text.params ? JSON.stringify(problem.text.params) : null,
      ],
    );
}

export interface ImportProblems {
  /** The file's name without its extension. */
  readonly name: string;
  /** Row, code and reason in `language`, in row order, read a page at a time. */
  readonly rows: AsyncIterable<[number, string, string]>;
}

async function* rowsOf(
  ctx: ChainContext,
  batchId: number,
  language: MessageLanguage,
): AsyncGenerator<[number, string, string]> {
  for (let after = 0; ;) {
    const page = await ctx.store.all<{ id: number; row_no: number; code: string; key: string; params: string | null }>(
      `SELECT id, row_no, code, message_key AS key, message_params AS params FROM _code_import_problems
       WHERE batch_id = ? AND id > ? ORDER BY id LIMIT ${PAGE}`,
      [batchId, after],
    );
    if (!page.length) return;
    for (const row of page) {
      const params = row.params === null ? undefined : (JSON.parse(row.params) as Record<string, never>);
      const reason = isMessageKey(row.key)
        ? messageIn(language, params ? { key: row.key, params } : { key: row.key })
        : row.key;
      yield [row.row_no, row.code, reason];
    }
    after = page[page.length - 1].id;
  }
}

/** The problem rows of batch `batchId` (none for a batch that had none); an unknown batch is a 404. */
export async function importProblems(
  ctx: ChainContext,
  batchId: number,
  language: MessageLanguage,
): Promise<ImportProblems> {
  const batch = await ctx.records.row(ctx.catalog.info(CODE_BATCHES), batchId);
  if (!batch) throw notFound(message("codes.batchMissing", { id: batchId }));
  return { name: `${String(batch.batch_no)}-problems`, rows: rowsOf(ctx, batchId, language) };
}
