// Page N of a long list without walking N × size index entries (docs/decisions/0015-page-anchors.md).
// For one (table, filter, sort) an anchor set holds the sort key (plus the id tie-breaker) of every
// ANCHOR_EVERY-th row and, for each anchor, its position: how many rows of the list come before
// that key. Page N is then read from the nearest anchor at or before its offset: a seek on the
// index (the rows at the anchor's value from its id on, then those past it) plus an OFFSET of less
// than a few thousand rows.
//
// A set is laid by one walk on the read pool, in one snapshot. It is kept exact as the totals are
// (db/totals-cache.ts): before and after a one-row write each live set of the table asks, with its
// own WHERE and the row's id, where the row sits in it (its key, or nowhere); a row leaving moves
// every anchor after its old key one place up, a row arriving one place down. A position is "rows
// strictly before the key", so deleting the very row an anchor was taken from leaves that anchor
// right. A write of unknown rows (Store.bump) drops the table's sets; a rollback drops all.
// Writes while a walk runs: the walk announces its snapshot; moves after the announcement are
// replayed on the new set, and one before it (the snapshot may or may not hold it) discards the walk.
//
// Only sorts by one field (and the id tie-breaker) have anchors, and only lists with no NULL key
// (a comparison with NULL is not true, so a seek cannot pass one): others page by OFFSET on the
// pool, as do pages whose nearest anchor is too far behind.
import type { RowWatcher, Store } from "../db/store";
import { quoteIdent } from "../db/sql-names";
import { compareTuple } from "../db/sql-order";
import type { Params } from "../db/sql-params";
import type { SortKey } from "./list-params";
import type { Where } from "./list-sql";

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
  readonly desc: boolean;
  readonly walkSql: string;
  readonly memberSql: string;
  readonly seekSql: string;
  /** The seek's parameters before LIMIT and OFFSET, for an anchor's key. */
  readonly keyParams: (key: readonly unknown[]) => Params;
  readonly params: Params;
  /** Laid anchors, in list order; undefined while the walk runs or when the list has a NULL key. */
  anchors: Anchor[] | undefined;
  /** While the walk runs: the moves made after its snapshot; `tainted` once one came before it. */
  log: Move[] | undefined;
  opened: boolean;
  tainted: boolean;
}

/** The list a page is read from: what ListService.list has built for it. */
export interface ListShape {
  readonly table: string;
  readonly quotedTable: string;
  readonly selectList: string;
  readonly where: Where;
  readonly sort: readonly SortKey[];
  /** The ORDER BY clause (list-sql.ts buildOrder) of the sort. */
  readonly order: string;
}

export interface Seek {
  readonly sql: string;
  readonly params: Params;
}

interface Mark {
  readonly table: string;
  readonly version: number;
  readonly from: Map<AnchorSet, readonly unknown[] | undefined>;
}

export class PageAnchors implements RowWatcher<Mark | undefined> {
  private readonly sets = new Map<string, AnchorSet>();
  private walking: Promise<void> | undefined;

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
    const keys = keyColumns(shape.sort);
    if (!keys) return undefined;
    const id = `${shape.table}\u0000${shape.where.sql}\u0000${JSON.stringify(shape.where.params)}\u0000${shape.order}`;
    let set = this.sets.get(id);
    if (set) this.touch(id, set);
    else if (!this.walking) set = this.lay(id, shape, keys);
    const anchors = set?.anchors;
    if (!set || !anchors) return undefined;
    const anchor = anchors[lastAtOrBefore(anchors, offset)];
    const gap = offset - (anchor?.position ?? 0);
    if (gap > MAX_GAP_SPACINGS * this.every) {
      this.sets.delete(id); // the next read lays it again
      return undefined;
    }
    if (!anchor) return undefined;
    return { sql: set.seekSql, params: [...set.keyParams(anchor.key), size, gap] };
  }

  /** Settles once the walk under way (if any) has laid its set or given up. */
  settled(): Promise<void> {
    return this.walking ?? Promise.resolve();
  }

  async beforeRow(table: string, id: number | undefined): Promise<Mark | undefined> {
    const version = this.store.writeVersion(table);
    let from: Mark["from"] | undefined;
    for (const set of this.ofTable(table)) {
      from ??= new Map();
      from.set(set, id === undefined ? undefined : await this.keyOf(set, id));
    }
    return from && { table, version, from };
  }

  async afterRow(mark: Mark | undefined, id: number): Promise<void> {
    if (!mark) return;
    if (this.store.writeVersion(mark.table) !== mark.version + 1) return this.tableWritten(mark.table);
    for (const [set, from] of mark.from) {
      if (!this.ofTable(mark.table).includes(set)) continue;
      const to = await this.keyOf(set, id);
      // Another write to the table came while the key was read: no position can be trusted now.
      if (this.store.writeVersion(mark.table) !== mark.version + 1) return this.tableWritten(mark.table);
      if (from && to && compareTuple(from, to) === 0) continue; // in place: no position moves
      if (!from && !to) continue;
      if (to?.includes(null)) {
        this.drop(set); // a NULL key cannot be sought past; OFFSET pages the list from now on
        continue;
      }
      if (set.anchors) {
        if (from) this.shift(set, from, -1);
        if (to) this.shift(set, to, 1);
      } else if (set.log) {
        if (set.opened) set.log.push({ from, to });
        else set.tainted = true;
      }
    }
  }

  tableWritten(table: string): void {
    for (const set of this.ofTable(table)) this.drop(set);
  }

  clear(): void {
    this.sets.clear();
  }

  private lay(id: string, shape: ListShape, keys: readonly string[]): AnchorSet {
    const desc = shape.sort[0].desc;
    const list = keys.map(quoteIdent).join(", ");
    const { sql: where, params } = shape.where;
    const and = where ? `${where} AND` : "WHERE";
    const from = `SELECT ${shape.selectList} FROM ${shape.quotedTable} ${and}`;
    const [after, atOrAfter] = desc ? ["<", "<="] : [">", ">="];
    const field = quoteIdent(keys[0]);
    const set: AnchorSet = {
      table: shape.table,
      desc,
      walkSql: `SELECT ${list} FROM ${shape.quotedTable} ${where} ${shape.order}`,
      memberSql: `SELECT ${list} FROM ${shape.quotedTable} ${and} "id" = ?`,
      // By id alone, one range on the primary key. By a field and id, the rows at the anchor's
      // value from its id on, then the rows past that value, merged in order: SQLite bounds an
      // index by the first column of a row value only, so "(field, id) >= (?, ?)" walked every
      // row sharing the anchor's value (all 10,000,000 codes share one created_at in bench:deep-pages).
      seekSql:
        keys.length === 1
          ? `${from} "id" ${atOrAfter} ? ${shape.order} LIMIT ? OFFSET ?`
          : `${from} ${field} = ? AND "id" ${atOrAfter} ? UNION ALL ${from} ${field} ${after} ? ${shape.order} LIMIT ? OFFSET ?`,
      keyParams: (key) => (keys.length === 1 ? [...params, ...key] : [...params, ...key, ...params, key[0]]) as Params,
      params,
      anchors: undefined,
      log: [],
      opened: false,
      tainted: false,
    };
    this.sets.set(id, set);
    this.evict(shape.table);
    const walk = this.store
      .pool!.walk(set.walkSql, params, this.every, () => (set.opened = true))
      .then((result) => {
        const log = set.log ?? [];
        set.log = undefined;
        if (this.sets.get(id) !== set) return;
        if (set.tainted) return void this.sets.delete(id);
        if (result.nulls > 0) return; // stays without anchors until the table is written
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
    const after = (anchor: Anchor) => (set.desc ? -1 : 1) * compareTuple(anchor.key, key) > 0;
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

/**
 * The key's columns: the sort's field and the id tie-breaker (buildOrder gives it the field's
 * direction), or id alone. A sort of several fields has no anchors: its seek would need an index on
 * all of them, which the schema does not declare.
 */
function keyColumns(sort: readonly SortKey[]): readonly string[] | undefined {
  if (sort.length !== 1) return undefined;
  return sort[0].field === "id" ? ["id"] : [sort[0].field, "id"];
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
