// packaging_replacements onCreate (关联替换, e.g. a damaged label): new_code takes old_code's place
// in its package — same link row, so the same parent, level and work order — and the log row
// keeps parent_code and level. A replaced package code (a box) hands what it holds to new_code,
// so replacing a box label never leaves its items in a package code nobody can scan.
import type { AppContext } from "../context";
import { quoteIdent } from "../db/sql-names";
import { ApiError, ErrorCode, invalid } from "../errors";
import type { CreateHandler } from "./create-handler";
import { contentsOf, linkOf, packagingLinks, packedLink, requireColumns } from "./packaging-links";

const TRACE_CODES = "trace_codes";
/** code_status values a code can no longer be put into a package with. */
const RETIRED_STATUSES: ReadonlySet<string> = new Set(["scrapped"]);

const conflict = (field: string, rule: string): ApiError => new ApiError(409, ErrorCode.duplicate, `${field}: ${rule}`, { [field]: rule });

/** When the contract keeps trace codes, a new label must be one of them and not a retired one. */
function checkTraceCode(ctx: AppContext, code: string): void {
  const codes = ctx.catalog.find(TRACE_CODES);
  if (!codes?.byName.has("code")) return;
  const hasStatus = codes.byName.has("status");
  const row = ctx.store.get<{ status: string | null }>(
    `SELECT ${hasStatus ? `"status"` : "NULL"} AS status FROM ${quoteIdent(codes.table)} WHERE "code" = ?`,
    [code],
  );
  if (!row) throw invalid("new_code", `${code} is not a known trace code`);
  if (row.status !== null && RETIRED_STATUSES.has(row.status)) throw invalid("new_code", `${code} is ${row.status}`);
}

export const replacePackagingCode: CreateHandler = {
  check: (ctx, info) => {
    const owner = `${info.resource.name}.onCreate replace-packaging-code`;
    requireColumns(ctx, owner, ["parent_code", "child_code", "level"]);
    requireColumns(ctx, owner, ["old_code", "new_code", "parent_code", "level"], info.resource.name);
  },
  run: ({ ctx, input }) => {
    const oldCode = input.old_code as string;
    const newCode = input.new_code as string;
    const link = packedLink(ctx, oldCode, "old_code");
    if (newCode === oldCode) throw invalid("new_code", "must differ from old_code");
    const packed = linkOf(ctx, newCode);
    if (packed) throw conflict("new_code", `${newCode} is already packed in ${packed.parent_code}`);
    const holds = contentsOf(ctx, newCode).length;
    if (holds) throw conflict("new_code", `${newCode} is already a package holding ${holds} code(s)`);
    checkTraceCode(ctx, newCode);
    const links = packagingLinks(ctx);
    ctx.records.update(links, link.id, { child_code: newCode });
    for (const id of contentsOf(ctx, oldCode)) ctx.records.update(links, id, { parent_code: newCode });
    return { parent_code: link.parent_code, level: link.level };
  },
};
