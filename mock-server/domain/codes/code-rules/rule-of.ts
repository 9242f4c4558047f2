// A stored code rule and the enterprise's GS1 company prefix, read for the rules that use them
// (the code rule's own checks, generation, downloads). Columns the manifest drops read as absent.
import type { ChainContext } from "../../chain-context";
import { quoteIdent } from "../../../db/sql-names";
import { ORG_PATHS } from "../../../org-paths";
import type { Row } from "../../../resources/row-codec";
import type { Message } from "../../../../schema/contract/messages";
import { shapeOf, type CodeShape } from "./rule-shape";

export const CODE_RULES = "code_rules";
/** The console's own scan page on the public origin (consumerUrl fills {origin}). */
export const DEFAULT_URL_TEMPLATE = "{origin}/m/q/{code}";

/** 维护企业's gs1_company_prefix, or null when the enterprise (or the field) has none. */
export async function companyPrefix(ctx: ChainContext): Promise<string | null> {
  const info = ctx.catalog.byEndpointPrefix(ORG_PATHS.enterprise);
  if (!info?.byName.has("gs1_company_prefix")) return null;
  const row = await ctx.store.get<{ prefix: string | null }>(
    `SELECT "gs1_company_prefix" AS prefix FROM ${quoteIdent(info.table)} ORDER BY "id" LIMIT 1`,
  );
  return row?.prefix ?? null;
}

export async function ruleRow(ctx: ChainContext, id: number): Promise<Row | undefined> {
  const info = ctx.catalog.find(CODE_RULES);
  return info ? await ctx.records.row(info, id) : undefined;
}

/** The shape of a stored rule, or its problems. */
export const storedShape = async (ctx: ChainContext, row: Row): Promise<{ shape?: CodeShape; problems: Message[] }> =>
  shapeOf(row, await companyPrefix(ctx));

/** The rule's consumer URL template (its own, else the default). */
export const urlTemplateOf = (row: Row | undefined): string =>
  typeof row?.url_template === "string" && row.url_template ? row.url_template : DEFAULT_URL_TEMPLATE;
