// GET /api/dashboard/today: the day's figures and the last seven days. Codes issued and activated
// come from the event ledger, items produced from its production_output projection (the view the
// production reports group, so the dashboard and the reports agree), items shipped from its
// shipment_units projection (the view 仓库发货 groups: by event time, a reduced or unbound unit no
// longer counted), scans and warnings from the resources the manifest names consumer_scans and
// consumer_warnings. A missing resource or field counts as zero. Days are business days, in the
// enterprise's time zone whoever looks: a timestamp (date-time, stored in UTC) counts in the day
// whose [start, end) holds it, those instants computed in time/business-day.ts; a plain date is
// already a business day.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import type { ResourceInfo } from "../resources/catalog";
import { ENCODING_KINDS, OUTPUT_KINDS } from "../domain/ledger/event-vocabulary";
import { businessDayOf, businessDayRange, isoInstant, shiftDay } from "../time/business-day";

export interface DayFigures {
  date: string;
  codes: number;
  scans: number;
  shipped: number;
}

export interface DashboardToday {
  /** The business day the figures are of, and the zone it is a day of. */
  today: string;
  time_zone: string;
  codes_generated: number;
  codes_activated: number;
  items_produced: number;
  shipped: number;
  consumer_scans: number;
  open_warnings: number;
  last7days: DayFigures[];
}

/** How one figure is counted: which resource, which date field, which amount. */
interface Series {
  readonly resource: string;
  readonly dates: readonly string[];
  /** Summed field; COUNT(*) when absent from the resource. */
  readonly amount?: string;
  /** Status values that count (when the resource has a status field). */
  readonly statuses?: readonly string[];
}

const SERIES = {
  scans: { resource: "consumer_scans", dates: ["scanned_at", "created_at"] },
} satisfies Record<string, Series>;

const OPEN_WARNING_STATUSES = ["pending", "processing"];

/** The days counted, oldest first, each with its UTC instants [start, end) as stored timestamps are written. */
interface DayRange {
  readonly day: string;
  readonly start: string;
  readonly end: string;
}

/** `SQL → day` for the timestamp `time` over `days`, and the parameters it binds (portable CASE). */
function dayCase(time: string, days: readonly DayRange[]): { sql: string; params: string[] } {
  const params: string[] = [];
  const arms = days.map((range) => {
    params.push(range.start, range.end, range.day);
    return `WHEN ${time} >= ? AND ${time} < ? THEN ?`;
  });
  return { sql: `CASE ${arms.join(" ")} END`, params };
}

/** `value` per business day of `time` (a UTC timestamp column) over `days`, from `from` where `where`. */
async function perBusinessDay(
  ctx: AppContext,
  value: string,
  from: string,
  time: string,
  where: string,
  params: readonly (string | number)[],
  days: readonly DayRange[],
): Promise<Map<string, number>> {
  const day = dayCase(time, days);
  const rows = await ctx.store.all<{ day: string; value: number }>(
    `SELECT business_day AS day, ${value} AS value FROM (
       SELECT ${day.sql} AS business_day, t.* FROM ${from} t
       WHERE ${where} AND ${time} >= ? AND ${time} < ?) dated
     GROUP BY business_day`,
    [...day.params, ...params, days[0].start, days[days.length - 1].end],
  );
  return new Map(rows.map((row) => [row.day, row.value]));
}

/** Figures per business day of a resource's date field: a timestamp by its day's range, a plain date as it is. */
async function perDay(ctx: AppContext, series: Series, days: readonly DayRange[]): Promise<Map<string, number>> {
  const info = ctx.catalog.find(series.resource);
  const date = series.dates.find((name) => info?.byName.has(name));
  if (!info || info.resource.kind !== "entity" || !date) return new Map();
  const amount =
    series.amount && info.byName.has(series.amount) ? `COALESCE(SUM(${quoteIdent(series.amount)}), 0)` : "COUNT(*)";
  const column = quoteIdent(date);
  const where: string[] = ["1 = 1"];
  const params: (string | number)[] = [];
  if (series.statuses && info.byName.has("status")) {
    where.push(`"status" IN (${marksOf(series.statuses)})`);
    params.push(...series.statuses);
  }
  const table = quoteIdent(info.table);
  if (info.byName.get(date)?.format === "date-time")
    return await perBusinessDay(ctx, amount, table, `t.${column}`, where.join(" AND "), params, days);
  const rows = await ctx.store.all<{ day: string; value: number }>(
    `SELECT ${column} AS day, ${amount} AS value FROM ${table}
     WHERE ${where.join(" AND ")} AND ${column} >= ? AND ${column} <= ? GROUP BY ${column}`,
    [...params, days[0].day, days[days.length - 1].day],
  );
  return new Map(rows.map((row) => [row.day, row.value]));
}

const marksOf = (values: readonly string[]) => values.map(() => "?").join(", ");

/** Codes named by ledger events of `kinds`, per business day. */
const ledgerCodes = async (ctx: AppContext, kinds: readonly string[], days: readonly DayRange[]) =>
  await perBusinessDay(
    ctx,
    "SUM(code_count)",
    "_ledger_events",
    "t.event_time",
    `t.kind IN (${marksOf(kinds)})`,
    kinds,
    days,
  );

/** Items per business day of a ledger projection with `items` and `event_time` (production_output, shipment_units), as its reports count them. */
async function projectedItems(
  ctx: AppContext,
  projection: string,
  days: readonly DayRange[],
): Promise<Map<string, number>> {
  const view = ctx.catalog.projections.find((info) => info.resource.projection === projection);
  if (!view) return new Map();
  return await perBusinessDay(ctx, "SUM(items)", quoteIdent(view.table), "t.event_time", "t.items > 0", [], days);
}

async function openWarnings(ctx: AppContext, info: ResourceInfo | undefined): Promise<number> {
  if (!info || info.resource.kind !== "entity") return 0;
  if (!info.byName.has("status"))
    return (await ctx.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${quoteIdent(info.table)}`))!.n;
  const marks = OPEN_WARNING_STATUSES.map(() => "?").join(",");
  return (await ctx.store.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${quoteIdent(info.table)} WHERE "status" IN (${marks})`,
    OPEN_WARNING_STATUSES,
  ))!.n;
}

/** The last seven business days in `zone` up to the one `now` falls in, with their ranges. */
export function lastSevenDays(now: number, zone: string): DayRange[] {
  const today = businessDayOf(now, zone);
  return Array.from({ length: 7 }, (_, index) => {
    const day = shiftDay(today, index - 6);
    const { start, end } = businessDayRange(day, zone);
    return { day, start: isoInstant(start), end: isoInstant(end) };
  });
}

export async function dashboardToday(ctx: AppContext, zone: string): Promise<DashboardToday> {
  const days = lastSevenDays(ctx.clock(), zone);
  const today = days[6].day;
  const codes = await ledgerCodes(ctx, ENCODING_KINDS, days);
  const activated = await ledgerCodes(ctx, OUTPUT_KINDS, days.slice(6));
  const scans = await perDay(ctx, SERIES.scans, days);
  // Not waybills.item_count by ship_date: that date is typed by hand and need not be the day the
  // goods left; the shipping event's time is, and 仓库发货 counts by it.
  const shipped = await projectedItems(ctx, "shipment_units", days);
  const produced = await projectedItems(ctx, "production_output", days.slice(6));
  return {
    today,
    time_zone: zone,
    codes_generated: codes.get(today) ?? 0,
    codes_activated: activated.get(today) ?? 0,
    items_produced: produced.get(today) ?? 0,
    shipped: shipped.get(today) ?? 0,
    consumer_scans: scans.get(today) ?? 0,
    open_warnings: await openWarnings(ctx, ctx.catalog.find("consumer_warnings")),
    last7days: days.map(({ day }) => ({
      date: day,
      codes: codes.get(day) ?? 0,
      scans: scans.get(day) ?? 0,
      shipped: shipped.get(day) ?? 0,
    })),
  };
}
