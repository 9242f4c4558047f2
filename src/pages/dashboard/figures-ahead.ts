// The dashboard's figures asked for the moment a sign-in that lands on the dashboard succeeds,
// beside the roles call and the console's first render rather than after them: the
// dashboard then shows them in its first render. Taken once; a later visit to the (uncached) tab asks
// afresh. The login imports it, so it imports nothing of the console.
import { dashboardToday } from "../../api/generated/calls.gen";
import { PATHS } from "../../settings";
import type { DashboardToday } from "./dashboard-data";

/** Figures asked for ahead older than this are a sign-in's, not this visit's: they are asked for again. */
export const FRESH_MS = 10_000;

interface Ahead {
  readonly at: number;
  readonly answer: Promise<DashboardToday>;
  figures?: DashboardToday;
}

let ahead: Ahead | undefined;

/** Whether a sign-in's target is the dashboard ("/" opens it). */
export function landsOnDashboard(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0];
  return path === "/" || path === PATHS.dashboard;
}

/** Asks for the figures now, for the dashboard about to open. A failure is the dashboard's to ask again. */
export function askFiguresAhead(now = Date.now()): void {
  const entry: Ahead = { at: now, answer: dashboardToday() };
  ahead = entry;
  entry.answer.then(
    (figures) => void (entry.figures = figures),
    () => void (ahead === entry && (ahead = undefined)),
  );
}

const fresh = (now: number): Ahead | undefined => (ahead && now - ahead.at < FRESH_MS ? ahead : undefined);

/** The figures asked for ahead if they have come and are fresh; read without taking them (a render may repeat). */
export const figuresAheadIfCome = (now = Date.now()): DashboardToday | undefined => fresh(now)?.figures;

/** The call asked ahead, taken (the next visit asks afresh); undefined when there is none fresh. */
export function takeFiguresAhead(now = Date.now()): Promise<DashboardToday> | undefined {
  const entry = fresh(now);
  ahead = undefined;
  return entry?.answer;
}
