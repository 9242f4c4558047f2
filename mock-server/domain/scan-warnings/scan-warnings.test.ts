// The warning rules of consumer scans, through the public scan call with a
// fixture table of addresses and regions and the settable clock: each rule raises one warning per
// code (per address for guessing) that later scans update; the region, path and address are
// recorded; a parameter change is versioned and applies from then on; code guessing gets 429 with
// Retry-After until its block ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainApp, type ChainApp } from "../../test-fixtures/chain-app";
import { envelope, login } from "../../test-fixtures/test-app";
import { ipRegionTable } from "../../regions/ip-region";
import { BAD_CODES_FROM_SQL } from "./scan-warnings";
import { buildOrder } from "../../resources/list-sql";
import { createScanIndexes } from "../../public/scan-indexes";
import { authoriseDealer } from "../../test-fixtures/dealer-regions";
import { testEngine } from "../../test-fixtures/test-database";
import { indexDefinitions, indexNames, tableNames } from "../../db/schema-catalog";

// Addresses and where they are: Hangzhou, Nanjing, Chengdu, Guangzhou; the guesser; the last one nowhere in China.
const HANGZHOU = "60.191.0.1";
const NANJING = "58.192.0.1";
const CHENGDU = "61.139.0.1";
const GUANGZHOU = "113.108.0.1";
const GUESSER = "1.2.3.4";
const ABROAD = "8.8.8.8";
const REGIONS = {
  [HANGZHOU]: "330100",
  [NANJING]: "320100",
  [CHENGDU]: "510100",
  [GUANGZHOU]: "440100",
  [GUESSER]: "310000",
};

let chain: ChainApp;
let token: string;

const scan = async (code: string, ip: string, path = "m_q") => {
  const response = await chain.app.inject({
    method: "GET",
    url: "/api/public/scan",
    query: { code, path },
    remoteAddress: ip,
  });
  return { response, body: envelope(response) };
};
const warningsOf = (code: string) => chain.all(`SELECT * FROM consumer_warnings WHERE code = ? ORDER BY id`, [code]);
const codeIn = async (status: string, offset = 0) =>
  (
    await chain.all(
      `SELECT code, dealer_id FROM trace_codes WHERE status = ? AND scan_count = 0 ORDER BY id LIMIT 1 OFFSET ?`,
      [status, offset],
    )
  )[0] as { code: string; dealer_id: number | null };
const grant = async (dealerId: number, regions: string[]) =>
  await authoriseDealer(chain.app.consoleContext, dealerId, regions);

beforeAll(async () => {
  chain = await chainApp({ ipRegions: ipRegionTable(REGIONS) });
  token = await login(chain.app, "admin");
}, 60_000);
afterAll(() => chain.app.close());

describe("each scan records", () => {
  it("its time, address, the region the address resolves to, its page, browser and verdict", async () => {
    const { code } = await codeIn("shipped");
    await chain.app.inject({
      method: "GET",
      url: "/api/public/scan",
      query: { code, path: "c" },
      remoteAddress: CHENGDU,
      headers: { "user-agent": "TestPhone/1.0" },
    });
    await scan(code, ABROAD);
    expect(
      await chain.all(
        `SELECT ip, region_code, path, user_agent, result, scanned_at FROM consumer_scans WHERE code = ? ORDER BY id`,
        [code],
      ),
    ).toEqual([
      {
        ip: CHENGDU,
        region_code: "510100",
        path: "c",
        user_agent: "TestPhone/1.0",
        result: "genuine",
        scanned_at: "2024-06-01T08:00:00Z",
      },
      expect.objectContaining({ ip: ABROAD, region_code: null, path: "m_q", result: "repeated" }),
    ]);
  });
});

describe("warning rules", () => {
  it("unshipped, voided and returned codes raise their warning on the first scan; a second scan updates it, never duplicates it", async () => {
    // A voided code: a packed item's label replaced.
    const packed = (
      await chain.all(`SELECT code FROM trace_codes WHERE status = 'packed' AND code_type = 'item' ORDER BY id LIMIT 1`)
    )[0].code as string;
    const label = (await chain.generated("item", 1)).codes[0];
    const replaced = await chain.post("/api/plant/packagingreplacements/add", {
      old_code: packed,
      new_code: label,
      reason: "标签破损",
    });
    expect(replaced.code, replaced.message).toBe(0);
    for (const [status, rule] of [
      ["activated", "unshipped_scan"],
      ["scrapped", "voided_scan"],
      ["returned", "returned_scan"],
    ] as const) {
      const target = await codeIn(status);
      expect(target, `a seeded ${status} code`).toBeDefined();
      await scan(target.code, HANGZHOU);
      chain.clock.now += 60_000;
      await scan(target.code, NANJING);
      const warnings = (await warningsOf(target.code)).filter((row) => row.rule === rule);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({
        scan_count: 2,
        ips: `${HANGZHOU},${NANJING}`,
        regions: "330100,320100",
        status: "pending",
        param_version: 1,
      });
      expect(warnings[0].last_seen_at).not.toBe(warnings[0].first_seen_at);
    }
  });

  it("a warning names the code the consumer scanned and the packages it sits in (box → case → pallet), in its row and its detail", async () => {
    const [packed] = (await chain.all(
      `SELECT item.code AS item, box.code AS box, kase.code AS kase, pallet.code AS pallet
       FROM trace_codes item
       JOIN trace_codes box ON box.code = item.parent_code
       JOIN trace_codes kase ON kase.code = box.parent_code
       JOIN trace_codes pallet ON pallet.code = kase.parent_code
       WHERE item.status = 'packed' AND item.code_type = 'item' AND item.scan_count = 0 AND pallet.parent_code IS NULL
       ORDER BY item.id LIMIT 1`,
    )) as { item: string; box: string; kase: string; pallet: string }[];
    expect(packed, "a seeded item in stock in a box, a case and a pallet").toBeDefined();
    await scan(packed.item, HANGZHOU);
    const chainText = `${packed.box} → ${packed.kase} → ${packed.pallet}`;
    expect(await warningsOf(packed.item)).toEqual([
      expect.objectContaining({ rule: "unshipped_scan", code: packed.item, package_chain: chainText }),
    ]);
    const admin = await login(chain.app, "admin");
    const read = async (url: string, query: Record<string, string>) =>
      envelope(await chain.app.inject({ method: "GET", url, query, headers: { token: admin } })).data as Record<
        string,
        unknown
      >;
    const page = await read("/api/inspect/consumerwarnings/pagelist", { page: "1", size: "10", code: packed.item });
    const [row] = page.list as Record<string, unknown>[];
    expect(row).toMatchObject({ code: packed.item, package_chain: chainText });
    expect(await read("/api/inspect/consumerwarnings/detail", { id: String(row.id) })).toMatchObject({
      code: packed.item,
      package_chain: chainText,
    });
    // The box scanned on its own is named, with the case and pallet it sits in.
    await scan(packed.box, NANJING);
    expect(await warningsOf(packed.box)).toEqual([
      expect.objectContaining({ code: packed.box, package_chain: `${packed.kase} → ${packed.pallet}` }),
    ]);
  });

  it("over-count: past N scans the code has one warning, whose count follows the code's", async () => {
    const { code, dealer_id } = await codeIn("shipped", 1);
    await grant(dealer_id!, ["330000"]);
    for (let i = 0; i < 6; i += 1) await scan(code, HANGZHOU);
    expect((await warningsOf(code)).map((row) => [row.rule, row.scan_count])).toEqual([["repeated_scan", 6]]);
    await scan(code, HANGZHOU);
    expect((await warningsOf(code)).map((row) => [row.rule, row.scan_count, row.param_value])).toEqual([
      ["repeated_scan", 7, "scans > 5 (v1)"],
    ]);
  });

  it("multiple addresses: K distinct addresses within H hours; older ones do not count", async () => {
    const { code, dealer_id } = await codeIn("shipped", 2);
    await grant(dealer_id!, ["330000", "320000", "510000"]);
    await scan(code, HANGZHOU);
    chain.clock.now += 25 * 3600_000; // outside the 24 h window from here on
    await scan(code, NANJING);
    await scan(code, CHENGDU);
    expect((await warningsOf(code)).filter((row) => row.rule === "multiple_ips")).toEqual([]);
    await scan(code, GUANGZHOU);
    // The three addresses of the window raised it; Hangzhou's scan, a day older, did not count.
    expect((await warningsOf(code)).filter((row) => row.rule === "multiple_ips")).toEqual([
      expect.objectContaining({ ips: `${NANJING},${CHENGDU},${GUANGZHOU}`, ip_count: 3, scan_count: 4 }),
    ]);
  });

  it("a code scanned from three addresses: its warning lists all three and their regions, with the totals, and the detail names the regions", async () => {
    const { code, dealer_id } = await codeIn("shipped", 6);
    await grant(dealer_id!, ["330000", "320000", "510000"]);
    for (const ip of [HANGZHOU, NANJING, CHENGDU]) {
      await scan(code, ip);
      chain.clock.now += 60_000;
    }
    const [warning] = (await warningsOf(code)).filter((row) => row.rule === "multiple_ips");
    expect(warning).toMatchObject({
      ips: `${HANGZHOU},${NANJING},${CHENGDU}`,
      ip_count: 3,
      regions: "330100,320100,510100",
      region_count: 3,
      ip: CHENGDU,
      region_code: "510100",
    });
    const detail = envelope(
      await chain.app.inject({
        method: "GET",
        url: "/api/inspect/consumerwarnings/detail",
        query: { id: String(warning.id) },
        headers: { token: await login(chain.app, "admin") },
      }),
    );
    expect(detail.data).toMatchObject({
      ips: `${HANGZHOU},${NANJING},${CHENGDU}`,
      ip_count: 3,
      regions_label: "浙江省 杭州市, 江苏省 南京市, 四川省 成都市",
      region_count: 3,
    });
    // A listed address scanning again moves to the end and adds nothing to the totals; a new one is counted.
    await scan(code, HANGZHOU);
    expect((await warningsOf(code)).find((row) => row.rule === "multiple_ips")).toMatchObject({
      ips: `${NANJING},${CHENGDU},${HANGZHOU}`,
      ip_count: 3,
      regions: "320100,510100,330100",
      region_count: 3,
    });
    await scan(code, GUANGZHOU);
    expect((await warningsOf(code)).find((row) => row.rule === "multiple_ips")).toMatchObject({
      ips: `${NANJING},${CHENGDU},${HANGZHOU},${GUANGZHOU}`,
      ip_count: 4,
      region_count: 4,
    });
  });

  it("a warning keeps the last 50 addresses with the total; the repeated-scan warning lists the addresses of the scans before it was raised", async () => {
    const { code } = await codeIn("shipped", 6);
    const addresses = Array.from({ length: 55 }, (_, i) => `203.0.113.${i + 1}`);
    for (const ip of addresses) await scan(code, ip);
    const warnings = await warningsOf(code);
    for (const rule of ["multiple_ips", "repeated_scan"])
      expect(warnings.find((row) => row.rule === rule)).toMatchObject({
        ips: addresses.slice(-50).join(","),
        ip_count: 55,
        scan_count: 55,
      });
  });

  it("channel conflict: a scan outside the dealer's authorised regions, at the configured level, names the dealer, its regions and the scan's", async () => {
    const { code, dealer_id } = await codeIn("shipped", 3);
    await grant(dealer_id!, ["330000"]);
    await scan(code, HANGZHOU);
    expect(await warningsOf(code)).toEqual([]);
    await scan(code, NANJING);
    const [conflict] = await warningsOf(code);
    expect(conflict).toMatchObject({
      rule: "cross_region",
      dealer_id,
      authorised_regions: "330000",
      region_code: "320100",
      scan_count: 2,
    });
    expect(conflict.waybill_id).not.toBeNull();
  });

  it("a parameter change is versioned (who, when, old → new) and applies from then on: an earlier warning keeps its value", async () => {
    token = await login(chain.app, "admin"); // the clock moved a day: sessions have idled out
    const param = (
      await chain.all(
        `SELECT id, threshold, version FROM warning_params WHERE rule = 'repeated_scan' AND enabled = TRUE ORDER BY id LIMIT 1`,
      )
    )[0];
    const changed = envelope(
      await chain.app.inject({
        method: "POST",
        url: "/api/inspect/warningparams/update",
        headers: { token },
        payload: { id: param.id, threshold: 2 },
      }),
    );
    expect(changed.code, changed.message).toBe(0);
    expect((await chain.all(`SELECT version FROM warning_params WHERE id = ?`, [param.id]))[0].version).toBe(2);
    expect(
      await chain.all(`SELECT param_id, version, field, old_value, new_value, changed_by FROM warning_param_changes`),
    ).toEqual([
      { param_id: param.id, version: 2, field: "threshold", old_value: "5", new_value: "2", changed_by: "admin" },
    ]);
    const earlier = (
      await chain.all(
        `SELECT param_value, param_version FROM consumer_warnings WHERE rule = 'repeated_scan' ORDER BY id LIMIT 1`,
      )
    )[0];
    expect(earlier).toEqual({ param_value: "scans > 5 (v1)", param_version: 1 });
    const { code, dealer_id } = await codeIn("shipped", 4);
    await grant(dealer_id!, ["330000"]);
    for (let i = 0; i < 3; i += 1) await scan(code, HANGZHOU);
    expect((await warningsOf(code)).map((row) => [row.rule, row.param_value, row.param_version])).toEqual([
      ["repeated_scan", "scans > 2 (v2)", 2],
    ]);
  });

  it("code guessing: G bad codes from one address within M minutes raise one warning and block the address with 429 and Retry-After for T minutes", async () => {
    const before = (await chain.all(`SELECT COUNT(*) AS n FROM consumer_scans`))[0].n as number;
    for (let i = 0; i < 19; i += 1) expect((await scan(`ZZGUESS${i}`, GUESSER)).body.code).toBe(0);
    expect(await chain.all(`SELECT * FROM consumer_warnings WHERE rule = 'code_guessing'`)).toEqual([]);
    await scan("ZZGUESS19", GUESSER);
    const [guessing] = await chain.all(
      `SELECT ip, code, scan_count, blocked_until FROM consumer_warnings WHERE rule = 'code_guessing'`,
    );
    const until = new Date(chain.clock.now + 30 * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    expect(guessing).toEqual({ ip: GUESSER, code: "ZZGUESS19", scan_count: 1, blocked_until: until });
    // Blocked: a real code answers 429 too, and the scan is not counted or recorded.
    const { code } = await codeIn("shipped", 5);
    const blocked = await scan(code, GUESSER);
    expect(blocked.response.statusCode).toBe(429);
    expect(Number(blocked.response.headers["retry-after"])).toBe(30 * 60);
    expect((await chain.all(`SELECT COUNT(*) AS n FROM consumer_scans`))[0].n).toBe(before + 20);
    // Another address is not blocked; after T minutes the guesser is not either.
    expect((await scan(code, HANGZHOU)).response.statusCode).toBe(200);
    chain.clock.now += 30 * 60_000;
    expect((await scan(code, GUESSER)).response.statusCode).toBe(200);
  });

  // A plan test: EXPLAIN QUERY PLAN and sqlite_schema are SQLite's own, so it runs on SQLite only.
  it.skipIf(testEngine() === "postgres")(
    "a warning's rule, code and address carry no index of their own; 预警清单 by rule and the reads by code use the scan's",
    async () => {
      const single = await chain.all(
        `SELECT name FROM sqlite_schema WHERE type = 'index' AND name IN ('ix_consumer_warnings_rule', 'ix_consumer_warnings_code', 'ix_consumer_warnings_ip', '_scan_consumer_warnings_rule_code')`,
      );
      expect(single).toEqual([]);
      // A code's warnings (信息查询, the inspector) and the rule's one warning per code.
      for (const [sql, params] of [
        [`SELECT * FROM "consumer_warnings" WHERE "code" = ? ORDER BY "id" DESC`, ["X"]],
        [
          `SELECT "id" FROM "consumer_warnings" WHERE "rule" = ? AND "code" = ? ORDER BY "id" LIMIT 1`,
          ["voided_scan", "X"],
        ],
      ] as const) {
        const plan = (await chain.all(`EXPLAIN QUERY PLAN ${sql}`, [...params])).map((row) => String(row.detail));
        expect(plan.join(" ")).toMatch(/USING (COVERING )?INDEX _scan_consumer_warnings_code_rule \(code=\?/);
      }
      // The list's page (its default sort, -last_seen_at) and its total, as list-sql builds them for `rule` eq.
      const order = buildOrder([{ field: "last_seen_at", desc: true }]);
      for (const sql of [
        `SELECT * FROM "consumer_warnings" WHERE "rule" = ? ${order} LIMIT 10 OFFSET 0`,
        `SELECT COUNT(*) AS total FROM "consumer_warnings" WHERE "rule" = ?`,
      ]) {
        const plan = (await chain.all(`EXPLAIN QUERY PLAN ${sql}`, ["repeated_scan"])).map((row) => String(row.detail));
        expect(plan.join(" ")).toMatch(/USING (COVERING )?INDEX _scan_consumer_warnings_rule_ip \(rule=\?\)/);
      }
    },
  );

  it("the scan log's stamps and list columns, and a warning's updated_at, carry no index of their own", async () => {
    const scans = ["created_at", "updated_at", "path", "scanned_at", "product_id", "result", "region_code"];
    const warnings = [
      ...["updated_at", "last_seen_at", "status", "level", "dealer_id", "verdict", "scan_count"],
      ...["first_seen_at", "created_at", "product_id", "waybill_id"],
    ];
    const { store } = chain.app.consoleContext;
    const present = [...(await indexNames(store, "consumer_scans")), ...(await indexNames(store, "consumer_warnings"))];
    expect(present.length, "the tables' other indexes are listed").toBeGreaterThan(0);
    const names = [
      ...scans.map((column) => `ix_consumer_scans_${column}`),
      ...warnings.map((column) => `ix_consumer_warnings_${column}`),
    ];
    expect(present.filter((name) => names.includes(name))).toEqual([]);
  });

  // A plan test: EXPLAIN QUERY PLAN and sqlite_schema are SQLite's own, so it runs on SQLite only.
  it.skipIf(testEngine() === "postgres")(
    "消费者查询记录's pages and totals, filtered or not, read its list index, never the table",
    async () => {
      // The list's default page (-scanned_at), alone and filtered, and its totals, as list-sql builds them.
      const order = buildOrder([{ field: "scanned_at", desc: true }]);
      for (const [where, params] of [
        ["", []],
        [`WHERE "path" = ?`, ["c"]],
        [`WHERE "product_id" = ?`, [1]],
        [`WHERE "result" = ?`, ["genuine"]],
        [`WHERE "region_code" = ?`, ["330100"]],
        [`WHERE "scanned_at" >= ? AND "scanned_at" <= ?`, ["2026-01-01", "2026-12-31"]],
      ] as const) {
        const page = await chain.all(
          `EXPLAIN QUERY PLAN SELECT * FROM "consumer_scans" ${where} ${order} LIMIT 10 OFFSET 0`,
          [...params],
        );
        expect(page.map((row) => String(row.detail)).join(" ; ")).toMatch(
          /^(SCAN|SEARCH) consumer_scans USING INDEX _scan_consumer_scans_list\b[^;]*$/,
        );
        const total = await chain.all(`EXPLAIN QUERY PLAN SELECT COUNT(*) AS total FROM "consumer_scans" ${where}`, [
          ...params,
        ]);
        expect(total.map((row) => String(row.detail)).join(" ; ")).toMatch(
          /USING COVERING INDEX (_scan_consumer_scans_list|ix_consumer_scans_code)\b/,
        );
      }
    },
  );

  // A plan test: EXPLAIN QUERY PLAN and sqlite_schema are SQLite's own, so it runs on SQLite only.
  it.skipIf(testEngine() === "postgres")(
    "预警清单's default page and its filters read its list index; a product's or waybill's references are counted from it",
    async () => {
      const order = buildOrder([{ field: "last_seen_at", desc: true }]);
      for (const [where, params] of [
        ["", []],
        [`WHERE "status" = ?`, ["pending"]],
        [`WHERE "level" = ?`, ["high"]],
        [`WHERE "dealer_id" = ?`, [1]],
        [`WHERE "verdict" = ?`, ["channel_conflict"]],
      ] as const) {
        const page = await chain.all(
          `EXPLAIN QUERY PLAN SELECT * FROM "consumer_warnings" ${where} ${order} LIMIT 10 OFFSET 0`,
          [...params],
        );
        expect(page.map((row) => String(row.detail)).join(" ; ")).toMatch(
          /^SCAN consumer_warnings USING INDEX _scan_consumer_warnings_list$/,
        );
        // A filtered total reads the list index; the whole table's, the narrowest index (SQLite's choice).
        const total = await chain.all(`EXPLAIN QUERY PLAN SELECT COUNT(*) AS total FROM "consumer_warnings" ${where}`, [
          ...params,
        ]);
        expect(total.map((row) => String(row.detail)).join(" ; ")).toMatch(
          where
            ? /USING COVERING INDEX _scan_consumer_warnings_list$/
            : /USING COVERING INDEX _scan_consumer_warnings_\w+$/,
        );
      }
      for (const column of ["product_id", "waybill_id"]) {
        const check = await chain.all(
          `EXPLAIN QUERY PLAN SELECT COUNT(*) AS n FROM "consumer_warnings" WHERE "${column}" = ?`,
          [1],
        );
        expect(check.map((row) => String(row.detail)).join(" ; ")).toMatch(
          /USING COVERING INDEX _scan_consumer_warnings_list$/,
        );
      }
    },
  );

  it("a scan index an earlier version made, or made with other columns, is dropped at start; the wanted ones are made again", async () => {
    const ctx = chain.app.consoleContext;
    await ctx.store.exec(`CREATE INDEX "_scan_consumer_scans_ip_scanned_at" ON "consumer_scans" ("ip", "scanned_at")`);
    await ctx.store.exec(`DROP INDEX "_scan_consumer_warnings_list"`);
    await ctx.store.exec(`CREATE INDEX "_scan_consumer_warnings_list" ON "consumer_warnings" ("last_seen_at")`);
    const scanIndexes = async () => {
      const found = [];
      for (const table of await tableNames(ctx.store))
        found.push(...(await indexDefinitions(ctx.store, table, "_scan_")));
      return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    };
    const before = await scanIndexes();
    await createScanIndexes(ctx);
    const after = await scanIndexes();
    expect(after.map((row) => row.name)).not.toContain("_scan_consumer_scans_ip_scanned_at");
    expect(after.find((row) => row.name === "_scan_consumer_warnings_list")?.sql).toMatch(
      // PostgreSQL's list indexes say NULLS FIRST (NULL the smallest value, as SQLite orders it).
      /\("last_seen_at"( NULLS FIRST)?, "id", "status"( NULLS FIRST)?, /,
    );
    expect(after.length).toBe(before.length - 1);
    await createScanIndexes(ctx); // a second start changes nothing
    expect(await scanIndexes()).toEqual(after);
  });

  // A plan test: EXPLAIN QUERY PLAN and sqlite_schema are SQLite's own, so it runs on SQLite only.
  it.skipIf(testEngine() === "postgres")(
    "the guessing count reads a partial index that only bad codes enter",
    async () => {
      const plan = (await chain.all(`EXPLAIN QUERY PLAN ${BAD_CODES_FROM_SQL}`, [GUESSER, "2000-01-01T00:00:00Z"])).map(
        (row) => String(row.detail),
      );
      expect(plan.join(" ")).toContain("_scan_consumer_scans_bad_ip_scanned_at");
      const indexes = await chain.all(
        `SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'consumer_scans' AND name LIKE '_scan_%'`,
      );
      expect(indexes).toEqual([
        {
          name: "_scan_consumer_scans_bad_ip_scanned_at",
          sql: expect.stringContaining(`WHERE "result" IN ('not_found', 'bad_check')`),
        },
        { name: "_scan_consumer_scans_list", sql: expect.not.stringContaining("WHERE") },
      ]);
    },
  );
});
