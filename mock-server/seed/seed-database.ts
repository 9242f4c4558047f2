// Seeds every resource of the contract (`npm run seed`, and the first start of an empty
// database): tables in ref order, the demo accounts, the enterprise record the login
// page's ICP call finds, and the traceability chain with its history (seed-chain.ts).
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { DEMO_PASSWORD } from "../options";
import { readMeta, writeMeta } from "../db/system-tables";
import { addressIndex } from "../regions/address-areas";
import type { ResourceInfo } from "../resources/catalog";
import { DEMO_ACCOUNTS, seedAccounts, type DemoAccount } from "./seed-accounts";
import { seedByCopy, type PrepareScratch } from "./seed-by-copy";
import { seedChain } from "./seed-chain";
import { DEFAULT_HISTORY_DAYS } from "./history-calendar";
import { homeHistoryDealers } from "./history-cast";
import type { HistoryReport } from "./seed-history";
import { alignShelfLife } from "./seed-shelf-life";
import { seedDealerRegions } from "./seed-dealer-regions";
import { seedCodeRules } from "./seed-code-rules";
import { stampsAccounts } from "./seed-stamps";
import { seedTable } from "./seed-table";

export interface SeedOptions {
  readonly scale: number;
  /** YYYY-MM-DD the dates lead up to. */
  readonly anchor: string;
  /** Scale only these resources; the others get scale 1 (large benchmark tables). */
  readonly only?: readonly string[];
  /** Where browsers reach the server: seeded images point at its demo images. */
  readonly publicOrigin?: string;
  /**
   * Days of history before the anchor (seed-history.ts). Default: DEFAULT_HISTORY_DAYS at the demo's
   * scale (1 or more), none below it: a reduced seed (the tests' apps) lacks the lines and dealers a
   * history is cast from, and its tests read today's cases alone.
   */
  readonly days?: number;
  /**
   * How the caller made `ctx` ready (tables, write hooks). Given, a seed on PostgreSQL runs on an
   * in-memory SQLite database prepared the same way and is copied over (seed-by-copy.ts says why).
   */
  readonly prepareScratch?: PrepareScratch;
}

export interface SeedReport {
  readonly tables: { name: string; rows: number }[];
  readonly accounts: DemoAccount[];
  readonly history: HistoryReport;
}

/** The enterprise code the console's login page asks for (src/settings.ts ENTERPRISE_CODE). */
export const DEMO_ENTERPRISE = {
  enterprise_code: "E0001",
  enterprise_name: "杭州鑫源食品有限公司",
  icp_record: "浙ICP备20240123号-1",
  icp_url: "https://beian.miit.gov.cn/",
  // 690–699 are GS1 China's prefixes; the pallets' SSCCs carry it (code_rules kind sscc).
  gs1_company_prefix: "6901234",
};

export const isSeeded = async (ctx: AppContext): Promise<boolean> =>
  (await readMeta(ctx.store, "seeded_at")) !== undefined;

/** Referenced tables first, and the accounts before tables whose stamps name them; manifest order otherwise. */
export function seedOrder(entities: readonly ResourceInfo[], accounts?: ResourceInfo): ResourceInfo[] {
  const byName = new Map(entities.map((info) => [info.resource.name, info]));
  const done = new Set<string>();
  const order: ResourceInfo[] = [];
  const visit = (info: ResourceInfo, path: Set<string>) => {
    if (done.has(info.resource.name) || path.has(info.resource.name)) return;
    path.add(info.resource.name);
    for (const column of info.refs) {
      const target = byName.get(column.ref!);
      if (target && target !== info) visit(target, path);
    }
    if (accounts && accounts !== info && stampsAccounts(info)) visit(accounts, path);
    done.add(info.resource.name);
    order.push(info);
  };
  for (const info of entities) visit(info, new Set());
  return order;
}

async function seedEnterprise(ctx: AppContext): Promise<void> {
  const info = ctx.org.enterprise;
  if (!info) return;
  const values = Object.fromEntries(Object.entries(DEMO_ENTERPRISE).filter(([name]) => info.byName.has(name)));
  const id = await ctx.records.singletonId(info);
  if (id === undefined) {
    await ctx.records.insert(info, values);
    return;
  }
  const names = Object.keys(values);
  if (names.length === 0) return;
  await ctx.store.run(
    `UPDATE ${quoteIdent(info.table)} SET ${names.map((name) => `${quoteIdent(name)} = ?`).join(", ")} WHERE "id" = ?`,
    [...Object.values(values), id],
  );
  ctx.store.bump(info.table);
}

export async function seedDatabase(ctx: AppContext, options: SeedOptions): Promise<SeedReport> {
  const report =
    options.prepareScratch && ctx.store.engineName === "postgres"
      ? await seedByCopy(ctx, options.prepareScratch, (scratch) => seedContent(scratch, options))
      : await seedContent(ctx, options);
  // Statistics for the query planner: without them SQLite walks the ledger's projections (views
  // over recursive CTEs) through the wrong index, and a dashboard over the history took minutes.
  await ctx.store.exec("ANALYZE");
  await writeMeta(ctx.store, "seeded_at", new Date(ctx.clock()).toISOString());
  return report;
}

async function seedContent(ctx: AppContext, options: SeedOptions): Promise<SeedReport> {
  const anchor = Date.parse(`${options.anchor}T00:00:00Z`);
  const areaCodes = [...addressIndex().values()]
    .flat()
    .filter((area) => area.leaf && /^\d{6}$/.test(area.code))
    .map((area) => area.code);
  const tables: SeedReport["tables"] = [];
  for (const info of seedOrder(ctx.catalog.entities, ctx.org.accounts)) {
    const scale = !options.only || options.only.includes(info.resource.name) ? options.scale : 1;
    const rows = info.resource.singleton
      ? Math.min(1, info.resource.seedRows)
      : Math.round(info.resource.seedRows * scale);
    if (rows <= 0) continue;
    await seedTable(ctx, info, { rows, anchor, areaCodes, publicOrigin: options.publicOrigin });
    tables.push({ name: info.resource.name, rows });
  }
  const accounts = await seedAccounts(ctx, anchor);
  await seedEnterprise(ctx);
  await seedCodeRules(ctx);
  await homeHistoryDealers(ctx);
  await seedDealerRegions(ctx);
  await alignShelfLife(ctx);
  const history = await seedChain(ctx, {
    anchor,
    days: options.days ?? (options.scale >= 1 ? DEFAULT_HISTORY_DAYS : 0),
    areaCodes,
  });
  return { tables, accounts, history };
}

/**
 * Demo rows for tables a migration has just created in an already seeded database:
 * an analyst's new resource starts with its `seed` rows, not empty. Existing tables are left alone.
 */
export async function seedCreatedTables(
  ctx: AppContext,
  createdTables: readonly string[],
  options: SeedOptions,
): Promise<SeedReport["tables"]> {
  const created = new Set(createdTables);
  const anchor = Date.parse(`${options.anchor}T00:00:00Z`);
  const areaCodes = [...addressIndex().values()]
    .flat()
    .filter((area) => area.leaf && /^\d{6}$/.test(area.code))
    .map((area) => area.code);
  const tables: SeedReport["tables"] = [];
  for (const info of seedOrder(ctx.catalog.entities, ctx.org.accounts)) {
    if (!created.has(info.table)) continue;
    const rows = info.resource.singleton
      ? Math.min(1, info.resource.seedRows)
      : Math.round(info.resource.seedRows * options.scale);
    if (rows <= 0) continue;
    await seedTable(ctx, info, { rows, anchor, areaCodes, publicOrigin: options.publicOrigin });
    tables.push({ name: info.resource.name, rows });
  }
  return tables;
}

export const demoAccountsLine = (): string =>
  `Demo accounts: ${DEMO_ACCOUNTS.map((account) => `${account.account_name} (role ${account.role})`).join(", ")}; password ${DEMO_PASSWORD}`;
