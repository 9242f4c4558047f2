// Where a station's scans wait for the server: the browser's IndexedDB, so a reload, a closed tab or
// a crash keeps them. A small wrapper of our own (one object store, three calls) rather than a
// dependency: the queue needs nothing more. Where IndexedDB is missing (a private window of some
// browsers, unit tests) the scans wait in memory and the station says so.
import type { HttpMethod } from "../../../schema/contract/vocabulary";

export interface QueuedScan {
  /** The idempotency key, a UUID made when the code was scanned, sent with every attempt. */
  readonly key: string;
  /** The station (its menu entry) whose queue holds the scan. */
  readonly station: string;
  /** Order of scanning: the server sees a station's scans in this order. */
  readonly seq: number;
  readonly code: string;
  /** The unit the scan filled, for the station's fill when the server refuses it later. */
  readonly parent?: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly body: Readonly<Record<string, unknown>>;
  /** The server refused it after it had waited: kept, not sent again, until the operator clears it. */
  readonly refusal?: string;
}

export interface ScanStore {
  /** A station's scans in scanning order. */
  all(station: string): Promise<QueuedScan[]>;
  put(scan: QueuedScan): Promise<void>;
  remove(key: string): Promise<void>;
  readonly persistent: boolean;
}

const bySeq = (a: QueuedScan, b: QueuedScan) => a.seq - b.seq;

export function memoryScanStore(): ScanStore {
  const scans = new Map<string, QueuedScan>();
  return {
    persistent: false,
    all: (station) => Promise.resolve([...scans.values()].filter((scan) => scan.station === station).sort(bySeq)),
    put: (scan) => Promise.resolve(void scans.set(scan.key, scan)),
    remove: (key) => Promise.resolve(void scans.delete(key)),
  };
}

const DATABASE = "trace-console-stations";
const SCANS = "scans";

/** One IndexedDB request as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DATABASE, 1);
  opening.onupgradeneeded = () => {
    opening.result.createObjectStore(SCANS, { keyPath: "key" }).createIndex("station", "station");
  };
  return done(opening);
}

export function indexedScanStore(factory: IDBFactory): ScanStore {
  const database = openDatabase(factory);
  const scans = async (mode: IDBTransactionMode) => (await database).transaction(SCANS, mode).objectStore(SCANS);
  return {
    persistent: true,
    all: async (station) => {
      const stored = (await done((await scans("readonly")).index("station").getAll(station))) as QueuedScan[];
      return stored.sort(bySeq);
    },
    put: async (scan) => void (await done((await scans("readwrite")).put(scan))),
    remove: async (key) => void (await done((await scans("readwrite")).delete(key))),
  };
}

/** The browser's store when it has IndexedDB, else one in memory. */
export function defaultScanStore(): ScanStore {
  return typeof indexedDB === "undefined" ? memoryScanStore() : indexedScanStore(indexedDB);
}
