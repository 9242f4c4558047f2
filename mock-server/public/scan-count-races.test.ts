// Public scans of one code raced: eight consumers' scans fired at once. Each reads the code's count,
// answers its verdict from it and writes it plus one; on PostgreSQL only the lock on the code's row
// (taken first in the scan's transaction) keeps every scan counted once with its own index. On
// SQLite one writer runs at a time and the same holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { call, envelope } from "../test-fixtures/test-app";

let chain: ChainApp;
let code: string;

beforeAll(async () => {
  chain = await chainApp();
  [code] = (await chain.generated("item", 1)).codes;
}, 60_000);
afterAll(() => chain.app.close());

describe("scan count races", () => {
  it("counts eight raced scans of one code as eight, each with its own index", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(chain.app, { url: "/api/public/scan", query: { code } }).then(envelope)),
    );
    expect(answers.map((body) => body.code)).toEqual(Array(8).fill(0));
    const indexes = answers.map((body) => (body.data as { scan_index: number }).scan_index).sort((a, b) => a - b);
    expect(indexes).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await chain.all(`SELECT scan_count FROM trace_codes WHERE code = ?`, [code])).toEqual([{ scan_count: 8 }]);
  });
});
