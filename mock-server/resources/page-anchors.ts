// Page N of a long list without walking N × size index entries (docs/decisions/0015 and 0025).
// For one (table, filter, sort) an anchor set holds the sort key (the sort's fields up to the id,
// and the id tie-breaker) of every ANCHOR_EVERY-th row and, for each anchor, its position: how many
// rows of the list come before that key. Page N is then read from the nearest anchor at or before
// its offset: a seek on the index (the rows at the anchor's key from its id on, then those past
// it, field by field) plus an OFFSET of less than a few thousand rows.
//
// NULL is the smallest value on both engines (list-sql.ts buildOrder says so in every ORDER BY),
// so a seek passes a run of NULLs with IS NULL and IS NOT NULL where a comparison with NULL would
// be false.
//
// A set is laid by one walk in one snapshot: on SQLite's read pool, on PostgreSQL a cursor in a
// REPEATABLE READ transaction (Store.walk). It is kept exact as the totals are
// (db/totals-cache.ts): before and after a one-row write each live set of the table asks, with its
// own WHERE and the row's id, where the row sits in it (its key, or nowhere); a row leaving moves
// every anchor after its old key one place up, a row arriving one place down. A position is "rows
// strictly before the key", so deleting the very row an anchor was taken from leaves that anchor
// right. A write of unknown rows (Store.bump), or one another process made (heard through the
// change feed), drops the table's sets; a rollback drops all.
// Writes while a walk runs: the walk announces its snapshot. A one-row write that began after the
// announcement commits after it and is not in the walk: its move is replayed on the new set. One
// that began before it may or may not be in the snapshot: the walk is discarded. A set laid while a
// write of its table is not yet committed may miss it too: every set begun after a one-row write
// began, or after a write of unknown rows, is dropped again once that write commits.
import type { RowWatcher, Store } from "../db/store";
import { compareValue } from "../db/sql-order";
import type { Params } from "../db/sql-params";
import type { ListShape } from "./list-sql";
import { keyColumns, seekFrom, type KeyColumn } from "./seek-sql";

/** Rows between anchors as laid: a page is read from at most about this far past its anchor. */
export const ANCHOR_EVERY = 1000;
/** Writes crowding one stretch push a page this many spacings past its anchor at most; then the set is laid again. */
const MAX_GAP_SPACINGS = 4;
/** Anchor sets kept per table (the most recently used); each is asked once per one-row write. */
const SETS_PER_TABLE = 8;

interface Anchor {
  readonly key: readonly unknown[];
  position: number;
}

/** A row leaving the list from key `from`, or arriving at key `to` (a moved row does both). */
interface Move {
  readonly from?: readonly unknown[];
  readonly to?: readonly unknown[];
}

interface AnchorSet {
  readonly table: string;
  /** Numbered in the order sets are begun: a write drops, once committed, every set begun after it began. */
  readonly serial: number;
  readonly keys: readonly KeyColumn[];
  readonly walkSql: string;
  readonly memberSql: string;
  readonly shape: ListShape;
  readonly params: Params;
  /** Laid anchors, in list order; undefined while the walk runs. */
  anchors: Anchor[] | undefined;
  /** While the walk runs: the moves made after its snapshot; `tainted` once one came before it. */
  log: Move[] | undefined;
  opened: boolean;
  tainted: boolean;
}

export interface Seek {
  readonly sql: string;
  readonly params: Params;
}

/** What a set was before a one-row write: the row's key in it (or nowhere), and whether its walk's snapshot was already open. */
interface Before {
  readonly key: readonly unknown[] | undefined;
  readonly afterSnapshot: boolean;
}

interface Mark {
  readonly table: string;
  readonly version: number;
  /** The last set begun before the write began. */
  readonly serial: number;
  readonly from: Map<AnchorSet, Before>;
}

export class PageAnchors implements RowWatcher<Mark> {
  private readonly sets = new Map<string, AnchorSet>();
  private walking: Promise<void> | undefined;
  private serial = 0;

  constructor(
    private readonly store: Store,
    private readonly every = ANCHOR_EVERY,
  ) {
    store.watch(this);
  }

  /**
   * The read of `size` rows at `offset` from the nearest anchor, or undefined when the list has no
   * usable anchors (yet): then a walk is started if none runs, and the caller reads by OFFSET.
   */
  seek(shape: ListShape, offset: number, size: number): Seek | undefined {
    const id = `${shape.table}\u0000${shape.where.sql}\u0000${JSON.stringify(shape.where.params)}\u0000${shape.order}`;
    let set = this.sets.get(id);
    if (set) this.touch(id, set);
    else if (!this.walking) set = this.lay(id, shape);
    const anchors = set?.anchors;
    if (!set || !anchors) return undefined;
    const anchor = anchors[lastAtOrBefore(anchors, offset)];
    const gap = offset - (anchor?.position ?? 0);
    if (gap > MAX_GAP_SPACINGS * this.every) {
      this.sets.delete(id); // the next read lays it again
      return undefined;
    }
    if (!anchor) return undefined;
    return seekFrom(shape, set.keys, anchor.key, { size, gap, limitArms: this.store.engineName === "postgres" });
  }

  /** Settles once the walk under way (if any) has laid its set or given up. */
  settled(): Promise<void> {
    return this.walking ?? Promise.resolve();
  }

  async beforeRow(table: string, id: number | undefined): Promise<Mark> {
    const version = this.store.writeVersion(table);
    const serial = this.serial;
    const from: Mark["from"] = new Map();
    for (const set of this.ofTable(table)) {
      const afterSnapshot = set.anchors !== undefined || set.opened;
      from.set(set, { key: id === undefined ? undefined : await this.keyOf(set, id), afterSnapshot });
    }
    return { table, version, serial, from };
  }

  async afterRow(mark: Mark, id: number): Promise<void> {
    // Sets begun while the write runs may have a snapshot without it: dropped once it commits.
    this.store.afterCommit(() => this.dropBegunAfter(mark.table, mark.serial));
    if (this.store.writeVersion(mark.table) !== mark.version + 1) return this.tableWritten(mark.table);
    for (const [set, { key: from, afterSnapshot }] of mark.from) {
      if (!this.ofTable(mark.table).includes(set)) continue;
      const to = await this.keyOf(set, id);
      // Another write to the table came while the key was read: no position can be trusted now.
      if (this.store.writeVersion(mark.table) !== mark.version + 1) return this.tableWritten(mark.table);
      if (from && to && compareKey(set.keys, from, to) === 0) continue; // in place: no position moves
      if (!from && !to) continue;
      if (!afterSnapshot) {
        // The write began before the walk's snapshot: it may or may not be in it.
        if (set.anchors) this.drop(set);
        else set.tainted = true;
      } else if (set.anchors) {
        if (from) this.shift(set, from, -1);
        if (to) this.shift(set, to, 1);
      } else set.log?.push({ from, to });
    }
  }

  tableWritten(table: string): void {
    for (const set of this.ofTable(table)) this.drop(set);
    // Inside a transaction the write is not yet committed: a set begun before the commit may miss it.
    const serial = this.serial;
    this.store.afterCommit(() => this.dropBegunAfter(table, serial));
  }

  clear(): void {
    this.sets.clear();
  }

  private lay(id: string, shape: ListShape): AnchorSet {
    const keys = keyColumns(shape.sort);
    const list = keys.map((key) => key.quoted).join(", ");
    const { sql: where, params } = shape.where;
    const set: AnchorSet = {
      table: shape.table,
      serial: ++this.serial,
      keys,
      walkSql: `SELECT ${list} FROM ${shape.quotedTable} ${where} ${shape.order}`,
      memberSql: `SELECT ${list} FROM ${shape.quotedTable} ${where ? `${where} AND` : "WHERE"} "id" = ?`,
      shape,
      params,
      anchors: undefined,
      log: [],
      opened: false,
      tainted: false,
    };
    this.sets.set(id, set);
    this.evict(shape.table);
    const walk = this.store
      .walk(set.walkSql, params, this.every, () => (set.opened = true))
      .then((result) => {
        const log = set.log ?? [];
        set.log = undefined;
        if (this.sets.get(id) !== set) return;
        if (set.tainted) return void this.sets.delete(id);
        set.anchors = result.kept.map((key, index) => ({ key, position: index * this.every }));
        for (const move of log) {
          if (move.from) this.shift(set, move.from, -1);
          if (move.to) this.shift(set, move.to, 1);
        }
      })
      .catch(() => {
        if (this.sets.get(id) === set) this.sets.delete(id);
      })
      .finally(() => {
        if (this.walking === walk) this.walking = undefined;
      });
    this.walking = walk;
    return set;
  }

  /** Every anchor after `key` in list order: `delta` more (or fewer) rows now come before it. */
  private shift(set: AnchorSet, key: readonly unknown[], delta: number): void {
    const anchors = set.anchors!;
    const after = (anchor: Anchor) => compareKey(set.keys, anchor.key, key) > 0;
    let low = 0;
    let high = anchors.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (after(anchors[middle])) high = middle;
      else low = middle + 1;
    }
    for (let index = low; index < anchors.length; index += 1) anchors[index].position += delta;
  }

  private async keyOf(set: AnchorSet, id: number): Promise<readonly unknown[] | undefined> {
    return await this.store.values(set.memberSql, [...set.params, id]);
  }

  private ofTable(table: string): AnchorSet[] {
    return [...this.sets.values()].filter((set) => set.table === table);
  }

  private dropBegunAfter(table: string, serial: number): void {
    for (const set of this.ofTable(table)) if (set.serial > serial) this.drop(set);
  }

  private drop(set: AnchorSet): void {
    for (const [id, candidate] of this.sets) if (candidate === set) this.sets.delete(id);
  }

  private touch(id: string, set: AnchorSet): void {
    this.sets.delete(id);
    this.sets.set(id, set);
  }

  /** Keeps the table's most recently used sets; each costs every one-row write of the table a read. */
  private evict(table: string): void {
    const sets = this.ofTable(table);
    for (const set of sets.slice(0, Math.max(0, sets.length - SETS_PER_TABLE))) this.drop(set);
  }
}

/** -1, 0 or 1 as the list orders keys `a` and `b`: each column in its own direction, NULL the smallest value. */
function compareKey(keys: readonly KeyColumn[], a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < keys.length; i += 1) {
    const order = compareValue(a[i], b[i]);
    if (order !== 0) return keys[i].desc ? -order : order;
  }
  return 0;
}

/** Index of the last anchor whose position is at most `offset`, -1 when the first is past it (positions never decrease). */
function lastAtOrBefore(anchors: readonly Anchor[], offset: number): number {
  let low = 0;
  let high = anchors.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (anchors[middle].position <= offset) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
