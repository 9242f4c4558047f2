// The contract's dashboardToday call (GET /api/dashboard/today): the day's figures and the last seven days.
import type { DashboardTodayData } from "../../api/generated/calls.gen";

export type DashboardToday = DashboardTodayData;
export type DayFigures = DashboardTodayData["last7days"][number];

export const FIGURES = [
  { key: "codes_generated", label: "shell.dashboard.codesGenerated", color: "#40c9c6" },
  { key: "codes_activated", label: "shell.dashboard.codesActivated", color: "#8e7cc3" },
  { key: "items_produced", label: "shell.dashboard.itemsProduced", color: "#36a3f7" },
  { key: "shipped", label: "shell.dashboard.shipped", color: "#34bfa3" },
  { key: "consumer_scans", label: "shell.dashboard.consumerScans", color: "#f4516c" },
  { key: "open_warnings", label: "shell.dashboard.openWarnings", color: "#f6a623" },
] as const;

export const SERIES = [
  { key: "codes", label: "shell.dashboard.codes", color: "#36a3f7" },
  { key: "scans", label: "shell.dashboard.scans", color: "#f4516c" },
  { key: "shipped", label: "shell.dashboard.shipped", color: "#34bfa3" },
] as const;

/** Bars of one series, one per day, scaled to that series' largest value (each series has its own panel). */
export function barLayout(
  days: readonly DayFigures[],
  series: (typeof SERIES)[number]["key"],
  width: number,
  height: number,
) {
  const max = Math.max(1, ...days.map((day) => day[series]));
  const slot = width / Math.max(1, days.length);
  return days.map((day, i) => {
    const h = (day[series] / max) * height;
    return { day: day.date, value: day[series], x: i * slot + slot * 0.2, y: height - h, width: slot * 0.6, height: h };
  });
}
