// A ledger for the EPCIS query tests, built by the chain's own rules: the chain fixture's seeded
// chain (activation, packing, shipping, returns, voids, inspections, all at the fixture's start
// time), then inspections recorded through the inspections call one and three hours later, so
// event and record times differ across the ledger. Helpers call the interface as a signed-in admin.
import type { LightMyRequestResponse } from "fastify";
import { chainApp, type ChainApp } from "./chain-app";
import { call, envelope, login } from "./test-app";

export type EpcisEvent = Record<string, unknown> & { eventID: string; eventTime: string; recordTime: string };
export type QueryDocument = { epcisBody: { queryResults: { resultsBody: { eventList: EpcisEvent[] } } } };

export interface EpcisLedger {
  readonly chain: ChainApp;
  readonly token: string;
  /** When the ledger starts, and the later inspections' times. */
  readonly times: { readonly start: string; readonly later: readonly string[] };
  /** GET an interface path (with its query) as the admin. */
  get(path: string, query?: Record<string, string | string[]>, token?: string): Promise<LightMyRequestResponse>;
  /** Every event a query names, paging through with nextPageToken. */
  events(query?: Record<string, string | string[]>): Promise<EpcisEvent[]>;
}

const HOUR = 3_600_000;

export async function epcisLedger(): Promise<EpcisLedger> {
  const chain = await chainApp();
  const start = new Date(chain.clock.now).toISOString();
  const code = (await chain.all(`SELECT code FROM trace_codes WHERE status = 'shipped' ORDER BY id LIMIT 1`))[0]
    .code as string;
  const dealer = (await chain.all(`SELECT id FROM dealers ORDER BY id LIMIT 1`))[0].id as number;
  const later: string[] = [];
  for (const [hours, geo] of [
    [1, "geo:22.5431,114.0579"],
    [3, "geo:23.1291,113.2644"],
  ] as const) {
    chain.clock.now += hours === 1 ? HOUR : 2 * HOUR;
    later.push(new Date(chain.clock.now).toISOString());
    // Hours later the fixture's session has lapsed: a fresh one records the inspection.
    const made = envelope(
      await call(chain.app, {
        method: "POST",
        url: "/api/inspect/inspections/add",
        token: await login(chain.app, "admin"),
        body: { inspection_no: `IN-EPCIS-${hours}`, dealer_id: dealer, result: "compliant", code, geo },
      }),
    );
    if (made.code !== 0) throw new Error(`inspection refused: ${made.message}`);
  }
  const token = await login(chain.app, "admin");
  const get = (path: string, query: Record<string, string | string[]> = {}, as = token) =>
    chain.app.inject({ method: "GET", url: path, query, headers: { token: as } });
  return {
    chain,
    token,
    times: { start, later },
    get,
    async events(query = {}) {
      const events: EpcisEvent[] = [];
      let next: string | undefined;
      for (let pages = 0; pages < 1000; pages += 1) {
        const response = await get("/epcis/events", {
          perPage: "500",
          ...query,
          ...(next ? { nextPageToken: next } : {}),
        });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
        events.push(...response.json<QueryDocument>().epcisBody.queryResults.resultsBody.eventList);
        next = /nextPageToken=([^&>]+)/.exec(String(response.headers.link ?? ""))?.[1];
        if (!next) return events;
        next = decodeURIComponent(next);
      }
      throw new Error("more than 1000 pages");
    },
  };
}
