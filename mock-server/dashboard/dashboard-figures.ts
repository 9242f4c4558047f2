// GET /api/dashboard/today: the day's figures and the last seven days. Codes issued and activated
// come from the event ledger, items produced from its production_output projection (the view the
// production reports group, so the dashboard and the reports agree), items shipped from its
// shipment_units projection (the view 仓库发货 groups: by event time, a reduced or unbound unit no
// longer counted), scans and warnings from the resources the manifest names consumer_scans and
// consumer_warnings. A missing resource or field counts as zero. Days are the viewer's: the
// console sends its offset from UTC, so a Beijing morning before 08:00 is already today.
// Timestamps (date-time, stored in UTC) are shifted by it; plain dates are already local days.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import type { ResourceInfo } from "../resources/catalog";
import { ENCODING_KINDS, OUTPUT_KINDS } from "../domain/ledger/event-vocabulary";

export interface DayFigures {
  date: string;
  codes: number;
  scans: number;
  shipped: number;
}

export interface DashboardToday {
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

/** Minutes east of UTC (Beijing +480), the range time zones span. */

const day = (ms: number, offsetMinutes: number): string =>
  new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 10);

const shiftDay = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Figures per local day in [first, last], one query per series. */
function perDay(
  ctx: AppContext,
  series: Series,
  first: string,
  last: string,
  offsetMinutes: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const info = ctx.catalog.find(series.resource);
  const date = series.dates.find((name) => info?.byName.has(name));
  if (!info || info.resource.kind !== "entity" || !date) return out;
  const amount =
    series.amount && info.byName.has(series.amount) ? `COALESCE(SUM(${quoteIdent(series.amount)}), 0)` : "COUNT(*)";
  const column = quoteIdent(date);
  const stamped = info.byName.get(date)?.format === "date-time";
  // The offset is an integer the route validated; SQLite's datetime() reads the stored "…Z" as UTC.
  const localDay = stamped
    ? `substr(datetime(${column}, '${offsetMinutes >= 0 ? "+" : ""}${Math.trunc(offsetMinutes)} minutes'), 1, 10)`
    : `substr(${column}, 1, 10)`;
  // The stored column's own range first (its index), a day wider on each side for timestamps.
  const params: (string | number)[] = stamped
    ? [shiftDay(first, -1), `${shiftDay(last, 1)}~`, first, last]
    : [first, `${last}~`, first, last];
  let statusClause = "";
  if (series.statuses && info.byName.has("status")) {
    statusClause = `AND "status" IN (${series.statuses.map(() => "?").join(",")})`;
    params.push(...series.statuses);
  }
  const rows = ctx.store.all<{ day: string; value: number }>(
    `SELECT ${localDay} AS day, ${amount} AS value FROM ${quoteIdent(info.table)}
     WHERE ${column} >= ? AND ${column} < ? AND ${localDay} BETWEEN ? AND ? ${statusClause} GROUP BY day`,
    params,
  );
  for (const row of rows) out.set(row.day, row.value);
  return out;
}

/** `SELECT day, value` per local day of `time` (a UTC "…Z" instant) in [first, last], from `from`. */
function perLocalDay(
  ctx: AppContext,
  value: string,
  from: string,
  time: string,
  where: string,
  params: readonly string[],
  first: string,
  last: string,
  offsetMinutes: number,
) {
  const localDay = `substr(datetime(${time}, '${offsetMinutes >= 0 ? "+" : ""}${Math.trunc(offsetMinutes)} minutes'), 1, 10)`;
  const rows = ctx.store.all<{ day: string; value: number }>(
    `SELECT ${localDay} AS day, ${value} AS value FROM ${from}
     WHERE ${where} AND ${time} >= ? AND ${time} < ? AND ${localDay} BETWEEN ? AND ? GROUP BY day`,
    [...params, shiftDay(first, -1), `${shiftDay(last, 1)}~`, first, last],
  );
  return new Map(rows.map((row) => [row.day, row.value]));
}

const marksOf = (values: readonly string[]) => values.map(() => "?").join(", ");

/** Codes named by ledger events of `kinds`, per local day. */
const ledgerCodes = (ctx: AppContext, kinds: readonly string[], first: string, last: string, offsetMinutes: number) =>
  perLocalDay(
    ctx,
    "SUM(code_count)",
    "_ledger_events",
    "event_time",
    `kind IN (${marksOf(kinds)})`,
    kinds,
    first,
    last,
    offsetMinutes,
  );

/** Items per local day of a ledger projection with `items` and `event_time` (production_output, shipment_units), as its reports count them. */
function projectedItems(
  ctx: AppContext,
  projection: string,
  first: string,
  last: string,
  offsetMinutes: number,
): Map<string, number> {
  const view = ctx.catalog.projections.find((info) => info.resource.projection === projection);
  if (!view) return new Map();
  return perLocalDay(
    ctx,
    "SUM(items)",
    quoteIdent(view.table),
    "event_time",
    "items > 0",
    [],
    first,
    last,
    offsetMinutes,
  );
}

function openWarnings(ctx: AppContext, info: ResourceInfo | undefined): number {
  if (!info || info.resource.kind !== "entity") return 0;
  if (!info.byName.has("status"))
    return ctx.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${quoteIdent(info.table)}`)!.n;
  const marks = OPEN_WARNING_STATUSES.map(() => "?").join(",");
  return ctx.store.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${quoteIdent(info.table)} WHERE "status" IN (${marks})`,
    OPEN_WARNING_STATUSES,
  )!.n;
}

export function dashboardToday(ctx: AppContext, offsetMinutes = 0): DashboardToday {
  const now = ctx.clock();
  const days = Array.from({ length: 7 }, (_, index) => day(now - (6 - index) * 24 * 3600 * 1000, offsetMinutes));
  const [first, today] = [days[0], days[6]];
  const codes = ledgerCodes(ctx, ENCODING_KINDS, first, today, offsetMinutes);
  const activated = ledgerCodes(ctx, OUTPUT_KINDS, today, today, offsetMinutes);
  const scans = perDay(ctx, SERIES.scans, first, today, offsetMinutes);
  // Not waybills.item_count by ship_date: that date is typed by hand and need not be the day the
  // goods left; the shipping event's time is, and 仓库发货 counts by it.
  const shipped = projectedItems(ctx, "shipment_units", first, today, offsetMinutes);
  const produced = projectedItems(ctx, "production_output", today, today, offsetMinutes);
  return {
    codes_generated: codes.get(today) ?? 0,
    codes_activated: activated.get(today) ?? 0,
    items_produced: produced.get(today) ?? 0,
    shipped: shipped.get(today) ?? 0,
    consumer_scans: scans.get(today) ?? 0,
    open_warnings: openWarnings(ctx, ctx.catalog.find("consumer_warnings")),
    last7days: days.map((date) => ({
      date,
      codes: codes.get(date) ?? 0,
      scans: scans.get(date) ?? 0,
      shipped: shipped.get(date) ?? 0,
    })),
  };
}
