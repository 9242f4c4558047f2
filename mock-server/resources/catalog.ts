// What the server derives once from the contract: per resource, the columns it stores, the
// columns that are secrets (password widgets: hashed elsewhere, never returned), its refs, and
// which other columns refer to it (for delete refusals and labels), and which of its columns
// those references are narrowed by (x-ref-where: the options call's extra parameters).
import type { ContractColumn, ContractResource, ServerContract } from "../../schema/contract/server-contract";
import { quoteIdent } from "../db/sql-names";
import { isLink, type LinkColumn } from "./link-column";

export interface Referrer {
  readonly resource: ContractResource;
  readonly column: ContractColumn;
}

export interface ResourceInfo {
  readonly resource: ContractResource;
  readonly table: string;
  /** Columns with a table column (secrets and multi-value columns excluded). */
  readonly stored: readonly ContractColumn[];
  /** Multi-value columns: their values are rows of a join table (links.ts). */
  readonly links: readonly LinkColumn[];
  readonly secrets: readonly ContractColumn[];
  readonly byName: ReadonlyMap<string, ContractColumn>;
  readonly refs: readonly ContractColumn[];
  /** Columns holding a GB/T 2260 region code (widget region): they gain <field>_label, the region's names. */
  readonly regions: readonly ContractColumn[];
  readonly referrers: readonly Referrer[];
  /** Its columns some referring column is narrowed by (x-ref-where keys), in column order. */
  readonly whereTargets: readonly ContractColumn[];
  /** `"id", "name", ...` for SELECT. */
  readonly selectList: string;
}

export const isSecret = (column: ContractColumn): boolean =>
  column.widget === "password" || /password/i.test(column.name);

export class Catalog {
  private readonly infos = new Map<string, ResourceInfo>();

  constructor(readonly contract: ServerContract) {
    for (const resource of contract.resources) {
      const stored = resource.columns.filter((column) => !isSecret(column) && !isLink(column));
      const referrers: Referrer[] = [];
      for (const other of contract.resources) {
        // A projection (a view of the ledger) refers without owning: it never holds a record back.
        if (other.kind !== "entity" || other.projection) continue;
        for (const column of other.columns)
          if (column.ref === resource.name) referrers.push({ resource: other, column });
      }
      const narrowing = new Set(referrers.flatMap(({ column }) => Object.keys(column.refWhere ?? {})));
      this.infos.set(resource.name, {
        resource,
        table: resource.table,
        stored,
        links: resource.columns.filter(isLink),
        secrets: resource.columns.filter(isSecret),
        byName: new Map(resource.columns.map((column) => [column.name, column])),
        refs: stored.filter((column) => column.ref !== undefined),
        regions: stored.filter((column) => column.widget === "region"),
        referrers,
        whereTargets: stored.filter((column) => narrowing.has(column.name)),
        selectList: stored.map((column) => quoteIdent(column.name)).join(", "),
      });
    }
  }

  get resources(): readonly ContractResource[] {
    return this.contract.resources;
  }

  /** Entity resources own a table; reports read another's; projections are views of the ledger. */
  get entities(): readonly ResourceInfo[] {
    return [...this.infos.values()].filter((info) => info.resource.kind === "entity" && !info.resource.projection);
  }

  /** Resources whose rows are a ledger projection (manifest `projection`), in manifest order. */
  get projections(): readonly ResourceInfo[] {
    return [...this.infos.values()].filter((info) => info.resource.projection !== undefined);
  }

  info(name: string): ResourceInfo {
    const info = this.infos.get(name);
    if (!info) throw new Error(`Unknown resource ${name}`);
    return info;
  }

  find(name: string): ResourceInfo | undefined {
    return this.infos.get(name);
  }

  /** The resource one of whose endpoints lives under `pathPrefix` (the spec fixes the org paths). */
  byEndpointPrefix(pathPrefix: string): ResourceInfo | undefined {
    return [...this.infos.values()].find((info) =>
      Object.values(info.resource.endpoints).some((endpoint) => endpoint?.path.startsWith(pathPrefix)),
    );
  }
}
