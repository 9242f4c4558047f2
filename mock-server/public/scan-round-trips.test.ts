// What a public scan costs PostgreSQL, counted in statements and round trips rather than timed:
// the shared machine cannot disturb a count. A scan of a shipped code (the common case, every rule
// on) reads the code and the address's block in one statement, writes its count and its record in
// another, and commits with the change announcement; what it reads besides (parameters, template,
// the dealer's regions) is kept between scans until its tables are written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../test-fixtures/chain-app";
import { envelope } from "../test-fixtures/test-app";
import { countStatements } from "../test-fixtures/statement-count";
import { testEngine } from "../test-fixtures/test-database";
import { ipRegionTable } from "../regions/ip-region";
import { authoriseDealer } from "../test-fixtures/dealer-regions";

const HANGZHOU = "60.191.0.1";
const MAX_ROUND_TRIPS = 4;

let chain: ChainApp;
let shipped: { code: string; dealer_id: number }[];

const scan = (code: string) =>
  chain.app.inject({ method: "GET", url: "/api/public/scan", query: { code }, remoteAddress: HANGZHOU });

describe.runIf(testEngine() === "postgres")("a public scan's round trips on PostgreSQL", () => {
  beforeAll(async () => {
    chain = await chainApp({ ipRegions: ipRegionTable({ [HANGZHOU]: "330100" }) });
    shipped = (await chain.all(
      // Codes of one dealer: another dealer's regions would be read at its first scan, once.
      `SELECT code, dealer_id FROM trace_codes WHERE status = 'shipped' AND scan_count = 0 AND dealer_id =
         (SELECT MIN(dealer_id) FROM trace_codes WHERE status = 'shipped') ORDER BY id LIMIT 3`,
    )) as { code: string; dealer_id: number }[];
    for (const { dealer_id } of shipped) await authoriseDealer(chain.app.consoleContext, dealer_id, ["330000"]);
    // The first scan reads what later scans keep: parameters, the template, the dealer's regions.
    expect(envelope(await scan(shipped[0].code)).data.result).toBe("genuine");
  }, 60_000);
  afterAll(() => chain.app.close());

  it(`a shipped code's first scan makes at most ${MAX_ROUND_TRIPS} round trips`, async () => {
    const counted = await countStatements(() => scan(shipped[1].code));
    expect(envelope(counted.result).data.result).toBe("genuine");
    expect(counted.roundTrips, counted.statements.join("\n")).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it("a second scan of the same code (a repeat, no rule firing) costs the same", async () => {
    const counted = await countStatements(() => scan(shipped[1].code));
    expect(envelope(counted.result).data.result).toBe("repeated");
    expect(counted.roundTrips, counted.statements.join("\n")).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });
});
