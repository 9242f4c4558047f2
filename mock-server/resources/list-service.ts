// List calls of entity resources: filter, sort, page, exact total (cached per filter and kept
// exact across one-row writes, db/totals-cache.ts), labels for ref columns.
import { quoteIdent } from "../db/sql-names";
import type { Store } from "../db/store";
import type { Catalog, ResourceInfo } from "./catalog";
import { filterParams, parseListQuery, type FilterOp, type ListQuery, type SortKey } from "./list-params";
import { buildOrder, buildWhere } from "./list-sql";
import { readBusinessZone } from "../time/business-zone";
import type { ContractColumn } from "../../schema/contract/server-contract";
import { attachLabels, toRecord, type Row } from "./row-codec";
import { countOnPool, countsOnPool, isDeep, scansTable } from "./deep-read";
import { PageAnchors } from "./page-anchors";

export interface ListSpec {
  readonly params: Map<string, { column: ContractColumn; op: FilterOp }>;
  readonly sortable: ReadonlySet<string>;
  readonly defaultSort: SortKey;
}

export interface Page {
  list: Row[];
  total: number;
  page?: number;
  size?: number;
}

export class ListService {
  private readonly specs = new Map<string, ListSpec>();
  /** Where deep pages are sought from (page-anchors.ts); laid by a long read, so none where reads cannot leave the serving connection. */
  readonly anchors: PageAnchors | undefined;

  constructor(
    private readonly store: Store,
    private readonly catalog: Catalog,
  ) {
    this.anchors = store.readsLong ? new PageAnchors(store) : undefined;
  }

  spec(info: ResourceInfo): ListSpec {
    let spec = this.specs.get(info.resource.name);
    if (!spec) {
      const sortable = new Set(
        info.stored.filter((column) => column.sortable || column.name === "id").map((column) => column.name),
      );
      const declared = info.resource.defaultSort;
      spec = {
        params: filterParams([...info.stored, ...info.links]),
        sortable,
        defaultSort: info.byName.has(declared.field)
          ? { field: declared.field, desc: declared.order === "desc" }
          : { field: "id", desc: true },
      };
      this.specs.set(info.resource.name, spec);
    }
    return spec;
  }

  parse(info: ResourceInfo, raw: Record<string, unknown> | undefined): ListQuery {
    const spec = this.spec(info);
    return parseListQuery(raw, spec.params, spec.sortable, spec.defaultSort);
  }

  /**
   * A page, read inline, or as a long read when it is deep enough (deep-read.ts); a deep page with
   * anchors laid is sought from the nearest one, inline. A list call with a filter no index serves,
   * on a long table, counts and reads on the pool.
   */
  async list(info: ResourceInfo, query: ListQuery, paged: boolean): Promise<Page> {
    const table = quoteIdent(info.table);
    const where = buildWhere(
      query.filters,
      await readBusinessZone(this.store, this.catalog),
      this.store.engine.dialect,
    );
    const order = buildOrder(query.sort);
    const base = `SELECT ${info.selectList} FROM ${table} ${where.sql} ${order}`;
    const offset = (query.page - 1) * query.size;
    const page = async (rows: Row[], total: number): Promise<Page> => {
      const list = await attachLabels(
        this.store,
        this.catalog,
        info,
        rows.map((row) => toRecord(info, row)),
      );
      return paged ? { list, total, page: query.page, size: query.size } : { list, total };
    };
    const tableRows = () => this.store.tableCount(info.table, table, "", []);
    if (await scansTable(this.store, query.filters, tableRows)) {
      const pool = this.store.pool!;
      // Both on the pool's workers, off the store's connection: reading them together is safe.
      const [read, total] = await Promise.all([
        paged
          ? pool.all<Row>(`${base} LIMIT ? OFFSET ?`, [...where.params, query.size, offset])
          : pool.all<Row>(base, where.params),
        countOnPool(this.store, info.table, table, where),
      ]);
      return await page(read, total);
    }
    const total = (await countsOnPool(this.store, query.filters, tableRows))
      ? await countOnPool(this.store, info.table, table, where)
      : await this.store.tableCount(info.table, table, where.sql, where.params);
    // Past the exact total there are no rows: no read, which would walk the whole list to find none.
    // The first page is always read: it costs one short read, and a projection's total is only as
    // fresh as the writes that bumped its view, so it may not be trusted to say "empty".
    if (paged && offset > 0 && offset >= total) return await page([], total);
    if (paged && isDeep(this.store, offset)) {
      const shape = {
        table: info.table,
        quotedTable: table,
        selectList: info.selectList,
        where,
        sort: query.sort,
        order,
      };
      const seek = this.anchors?.seek(shape, offset, query.size);
      if (seek) return await page(await this.store.all(seek.sql, seek.params), total);
      return await page(
        await this.store.longRead(`${base} LIMIT ? OFFSET ?`, [...where.params, query.size, offset]),
        total,
      );
    }
    return await page(
      paged
        ? await this.store.all(`${base} LIMIT ? OFFSET ?`, [...where.params, query.size, offset])
        : await this.store.all(base, where.params),
      total,
    );
  }

  /** Every row in default order, for tree calls. */
  async all(info: ResourceInfo): Promise<Row[]> {
    const order = buildOrder([this.spec(info).defaultSort]);
    const rows = await this.store.all(`SELECT ${info.selectList} FROM ${quoteIdent(info.table)} ${order}`);
    return await attachLabels(
      this.store,
      this.catalog,
      info,
      rows.map((row) => toRecord(info, row)),
    );
  }
}
