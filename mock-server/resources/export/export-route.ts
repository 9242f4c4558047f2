// GET <list path's folder>/export: the list with its current filters and sort, every
// row, streamed as CSV or XLSX with the manifest's column labels in the viewer's language. Only the
// holders of the list's export buttons may call it (the `*_export` button codes). Every export is
// logged in _list_exports (who, when, which list, which filters, how many rows), first as running,
// then with its row count. The total is announced in X-Total-Count, so the console can show progress.
import type { AppContext } from "../../context";
import type { RouteTable } from "../../http/route-table";
import type { ResourceInfo } from "../catalog";
import { listQuerySchema } from "../list-params";
import { cellsOf, EXPORT_LANGUAGES, headerOf, type ExportLanguage } from "./export-cells";
import { exportPages } from "./export-rows";
import { CONTENT_TYPES, EXPORT_FORMATS, exportWriter, type ExportFormat } from "./export-writers";
import { quoteIdent } from "../../db/sql-names";
import { buildWhere } from "../list-sql";
import { businessZone } from "../../time/business-zone";
import { authOf } from "../../auth/access";
import { exportPathOf } from "../../../schema/contract/export-path";
import { businessDayOf } from "../../time/business-day";
import { dealerFilter, narrowed } from "../dealer-rows";

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The list's title and the business day it was exported on. */
function fileName(title: string, format: ExportFormat, day: string): string {
  return `${title}-${day}.${format}`;
}

export function registerExportRoute(ctx: AppContext, routes: RouteTable, info: ResourceInfo): void {
  const { resource } = info;
  const list = resource.endpoints.list;
  const spec = resource.export;
  if (!spec || !list || list.method !== "GET") return;
  const endpoint = { method: "GET" as const, path: exportPathOf(list.path) };
  if (routes.has(endpoint)) throw new Error(`${resource.name}: its export call ${endpoint.path} is already taken`);
  const input = listQuerySchema(ctx.lists.spec(info).params, false, {
    format: { type: "string", enum: [...EXPORT_FORMATS], default: "csv" },
    lang: { type: "string", enum: [...EXPORT_LANGUAGES], default: "zh" },
  });
  const properties = input.properties as Record<string, unknown>;
  delete properties.page;
  delete properties.size;
  routes.add({
    endpoint,
    owner: `${resource.name}.export`,
    access: { roles: resource.writeRoles.export ?? [] },
    input,
    tags: [resource.name],
    summary: `Export ${resource.title} (CSV or XLSX, every row of the filtered, sorted list)`,
    handler: async (request, raw, reply) => {
      const {
        format = "csv",
        lang = "zh",
        ...listInput
      } = raw as { format?: ExportFormat; lang?: ExportLanguage } & Record<string, unknown>;
      const query = narrowed(ctx.lists.parse(info, listInput), await dealerFilter(ctx, info, request));
      const zone = await businessZone(ctx);
      const where = buildWhere(query.filters, zone, ctx.store.engine.dialect);
      const total = await ctx.store.tableCount(info.table, quoteIdent(info.table), where.sql, where.params);
      const now = ctx.records.now();
      const logId = await ctx.store.insert(
        `INSERT INTO _list_exports (account_id, resource, format, query, status, started_at) VALUES (?, ?, ?, ?, 'running', ?)`,
        [authOf(request).accountId, resource.name, format, JSON.stringify(listInput), now],
      );
      const title = spec.title[lang] ?? resource.title;
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        "content-type": CONTENT_TYPES[format],
        "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(fileName(title, format, businessDayOf(ctx.clock(), zone)))}`,
        "x-total-count": String(total),
        "cache-control": "no-store",
      });
      const writer = exportWriter(format, out, headerOf(spec.columns, lang), title);
      const finish = (rows: number, status: string) =>
        ctx.store.run(`UPDATE _list_exports SET rows = ?, status = ?, finished_at = ? WHERE id = ?`, [
          rows,
          status,
          ctx.records.now(),
          logId,
        ]);
      let rows = 0;
      const pages = exportPages(ctx, info, query);
      const times = {
        zone,
        columns: new Set(
          spec.columns
            .filter((column) => info.byName.get(column.name)?.format === "date-time")
            .map((column) => column.name),
        ),
      };
      try {
        for await (const page of pages) {
          // The client went away: stop reading, and say so in the log.
          if (out.destroyed) {
            await finish(rows, "aborted");
            return;
          }
          ctx.reads.present(resource.name, page, lang);
          await writer.rows(page.map((row) => cellsOf(row, spec.columns, lang, times)));
          rows += page.length;
          // Other calls get their turn between pages.
          await yieldToOthers();
        }
        // Logged before the last bytes go, so whoever has the whole file also finds it in the log.
        await finish(rows, "done");
        await writer.end();
      } catch (error) {
        await finish(rows, "failed");
        request.log.error({ err: error, resource: resource.name }, "list export failed");
        out.destroy();
      } finally {
        await pages.return(undefined);
      }
    },
  });
}
