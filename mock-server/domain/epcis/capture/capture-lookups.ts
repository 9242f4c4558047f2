// What a capture job reads once per document instead of once per event: the URI of every code the
// document names, the events of it captured before (by their GS1 hash), and the waybills and
// dealers its codes are on. One job's lookups live as long as one run of its document.
// Only facts no captured event changes are kept: a code's URI (its level and its product), a
// waybill's number, a dealer's code and name. A code's state is still read under its lock for each
// event (capture-rules.ts): an earlier event of the document, or another transaction, may change it.
// The captured hashes are read ahead and kept current as this run captures; one another job captures
// meanwhile is still met by the capture row's unique key (capture-job.ts), as before.
import { placeholders } from "../../../db/sql-params";
import type { ChainContext } from "../../chain-context";
import { dealerById, type Dealer } from "../../logistics/dealers";
import { waybillById, type Waybill } from "../../logistics/waybill-contents";
import { codeOfEpc } from "../epcis-vocabulary-uris";
import { knownCodeUris } from "../event-facts";
import type { CapturedEvent } from "./capture-document";

/** Hashes per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/** An event captured before: the ledger's hash of the event stored, and the job that captured it. */
export interface EarlierCapture {
  readonly hash: string;
  readonly captureId: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** The codes an event's EPCs may name (its epcList, childEPCs and parentID). */
function namedCodes(event: CapturedEvent): string[] {
  const epcs = [...strings(event.epcList), ...strings(event.childEPCs), ...strings([event.parentID])];
  return epcs.flatMap((epc) => codeOfEpc(epc) ?? []);
}

export class CaptureLookups {
  private readonly uris = new Map<string, string>();
  private readonly earlier = new Map<string, EarlierCapture>();
  private readonly waybills = new Map<number, Waybill | undefined>();
  private readonly dealers = new Map<number, Dealer | undefined>();

  private constructor(private readonly ctx: ChainContext) {}

  /** The lookups of one run over `events`, whose GS1 hashes (those that could be made) are `hashes`. */
  static async of(
    ctx: ChainContext,
    events: readonly CapturedEvent[],
    hashes: readonly string[],
  ): Promise<CaptureLookups> {
    const lookups = new CaptureLookups(ctx);
    for (const [code, uri] of await knownCodeUris(ctx, events.flatMap(namedCodes))) lookups.uris.set(code, uri);
    const distinct = [...new Set(hashes)];
    for (let start = 0; start < distinct.length; start += CHUNK) {
      const part = distinct.slice(start, start + CHUNK);
      for (const row of await ctx.store.all<{ captured_hash: string; hash: string; capture_id: string }>(
        `SELECT c.captured_hash AS captured_hash, e.event_hash AS hash, c.capture_id AS capture_id
         FROM _epcis_captured_events c JOIN _ledger_events e ON e.id = c.event_id
         WHERE c.captured_hash IN (${placeholders(part.length)})`,
        part,
      ))
        lookups.earlier.set(row.captured_hash, { hash: row.hash, captureId: row.capture_id });
    }
    return lookups;
  }

  /** The URI of each of `codes` that has a trace_codes row; a code the document did not name is read now. */
  async knownUris(codes: readonly string[]): Promise<Map<string, string>> {
    const unread = codes.filter((code) => !this.uris.has(code));
    if (unread.length) for (const [code, uri] of await knownCodeUris(this.ctx, unread)) this.uris.set(code, uri);
    const known = new Map<string, string>();
    for (const code of codes) {
      const uri = this.uris.get(code);
      if (uri !== undefined) known.set(code, uri);
    }
    return known;
  }

  /** The capture of the event hashed `capturedHash` before, by an earlier job or earlier in this run. */
  capturedBefore(capturedHash: string): EarlierCapture | undefined {
    return this.earlier.get(capturedHash);
  }

  /** Notes that this run stored the event hashed `capturedHash` as the ledger's `hash`. */
  captured(capturedHash: string, earlier: EarlierCapture): void {
    this.earlier.set(capturedHash, earlier);
  }

  async waybill(id: number): Promise<Waybill | undefined> {
    if (!this.waybills.has(id)) this.waybills.set(id, await waybillById(this.ctx, id));
    return this.waybills.get(id);
  }

  async dealer(id: number): Promise<Dealer | undefined> {
    if (!this.dealers.has(id)) this.dealers.set(id, await dealerById(this.ctx, id));
    return this.dealers.get(id);
  }
}
