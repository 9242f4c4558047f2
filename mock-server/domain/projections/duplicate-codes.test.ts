// 重码查询 is the ledger's own duplicate check: the list call (inject) answers what a direct count of
// the raw encoding events (issue, import) gives. An import of an existing code is refused and leaves
// the projection as it was; a code written twice past the rules and the transition table (an import
// event appended as a bare observation, as a bug or a restored backup would) shows up with its counts, so the query is real even though
// the rules make it empty by construction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { ENCODING_KINDS } from "../ledger/event-vocabulary";
import { plantEvent } from "../../test-fixtures/planted-events";

type Row = Record<string, unknown>;
let chain: ChainApp;
let generated: { orderId: number; batchId: number; codes: string[] };
const csv = (lines: string[]) => Buffer.from(lines.join("\n")).toString("base64");

const listed = async (query: Record<string, string> = {}): Promise<Row[]> => {
  const body = await chain.get("/api/plant/duplicatecodes/pagelist", { size: "100", ...query });
  expect(body.code, body.message).toBe(0);
  return (body.data.list as Row[]).map((row) => ({
    code: row.code,
    occurrences: row.occurrences,
    issued_count: row.issued_count,
    imported_count: row.imported_count,
  }));
};

/** The same question asked of the raw ledger in TypeScript: codes named by more than one encoding event. */
async function recount(): Promise<Row[]> {
  const counts = new Map<string, { issue: number; import: number }>();
  const rows = await chain.all(
    `SELECT e.kind AS kind, ec.code AS code FROM _ledger_events e JOIN _ledger_event_codes ec ON ec.event_id = e.id`,
  );
  for (const row of rows) {
    if (!ENCODING_KINDS.includes(row.kind as never)) continue;
    const entry = counts.get(row.code as string) ?? { issue: 0, import: 0 };
    entry[row.kind as "issue" | "import"] += 1;
    counts.set(row.code as string, entry);
  }
  return [...counts]
    .filter(([, entry]) => entry.issue + entry.import > 1)
    .map(([code, entry]) => ({
      code,
      occurrences: entry.issue + entry.import,
      issued_count: entry.issue,
      imported_count: entry.import,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
const byCode = (rows: Row[]) => [...rows].sort((a, b) => String(a.code).localeCompare(String(b.code)));

beforeAll(async () => {
  chain = await chainApp();
  generated = await chain.generated("item", 3);
}, 60_000);
afterAll(() => chain.app.close());

describe("GET /api/plant/duplicatecodes/pagelist (ledger projection duplicate_codes)", () => {
  it("on the seeded chain lists exactly what the raw ledger recount gives: nothing, since codes are unique by construction", async () => {
    expect(await recount()).toEqual([]);
    expect(await listed()).toEqual([]);
  });

  it("an import of an already issued code is refused, nothing is written, and the projection stays consistent", async () => {
    const events = (await chain.all(`SELECT COUNT(*) AS n FROM _ledger_events`))[0].n;
    const answer = await chain.post("/api/tagging/codebatches/import", {
      order_id: generated.orderId,
      file_name: "again.csv",
      content: csv(["code", generated.codes[0]]),
      skip_bad_rows: true,
    });
    expect(answer.status_code).toBe(400);
    expect(answer.message).toContain(`row 2: code ${generated.codes[0]} already exists`);
    expect((await chain.all(`SELECT COUNT(*) AS n FROM _ledger_events`))[0].n).toBe(events);
    expect(await listed()).toEqual(byCode(await recount()));
    expect(await listed()).toEqual([]);
  });

  it("a code the ledger encoded twice past the rules is listed with its counts, its order and the order's batches", async () => {
    const [code] = generated.codes;
    // The ledger's own append refuses it (the table imports new codes only), so it goes in unchecked.
    await plantEvent(chain.app.consoleContext, {
      kind: "import",
      operator: "admin",
      reason: "imported from a restored backup",
      codes: [code],
    });
    expect(await listed()).toEqual([{ code, occurrences: 2, issued_count: 1, imported_count: 1 }]);
    expect(await listed()).toEqual(byCode(await recount()));
    const body = await chain.get("/api/plant/duplicatecodes/pagelist", { code: code });
    expect(body.data.list).toMatchObject([
      { code, code_type: "item", code_order_id: generated.orderId, batch_count: 1 },
    ]);
  });
});
