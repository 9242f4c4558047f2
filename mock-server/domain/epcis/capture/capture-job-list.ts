// The capture job list (EPCIS 2.0 REST binding, GET /capture): the caller's capture jobs, newest
// first, each in GS1's shape (capture-report.ts), paged by perPage and an opaque nextPageToken
// holding the last job's (created_at, id), sought on the jobs' (account_id, created_at, id) index,
// or (created_at, id) for an administrator, who sees every account's jobs. Any other caller sees
// only its own: a capture job names a partner's codes and refusals.
import { message, type MessageLanguage } from "../../../../schema/contract/messages";
import type { ChainContext } from "../../chain-context";
import { badParameter, badParameterValue } from "../epcis-problem";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, refuseUnknown, type RawQuery } from "../query-parameters";
import { JOB_COLUMNS, reportOf, type JobRow } from "./capture-report";

export interface JobListCaller {
  readonly accountId: number;
  readonly admin: boolean;
}

interface Mark {
  readonly createdAt: string;
  readonly id: string;
}

const LIST = "capture";

const tokenOf = (mark: Mark) => Buffer.from(JSON.stringify([LIST, mark.createdAt, mark.id])).toString("base64url");

function markOf(token: string): Mark {
  try {
    const parts: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (
      Array.isArray(parts) &&
      parts.length === 3 &&
      parts[0] === LIST &&
      typeof parts[1] === "string" &&
      typeof parts[2] === "string"
    )
      return { createdAt: parts[1], id: parts[2] };
  } catch {
    // refused below
  }
  throw badParameterValue(message("epcis.badPageToken"));
}

function single(query: RawQuery, name: string): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) throw badParameter(message("epcis.repeatedParameter", { name }));
  return typeof raw === "string" ? raw : JSON.stringify(raw);
}

function perPageOf(query: RawQuery): number {
  const text = single(query, "perPage");
  if (text === undefined) return DEFAULT_PER_PAGE;
  const count = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  if (count < 1 || count > MAX_PER_PAGE)
    throw badParameterValue(message("epcis.badPerPage", { value: text, max: MAX_PER_PAGE }));
  return count;
}

/** One page of the caller's capture jobs, newest first, and the token of the next page if there is one. */
export async function captureJobList(
  ctx: ChainContext,
  caller: JobListCaller,
  query: RawQuery,
  language: MessageLanguage,
): Promise<{ list: Record<string, unknown>[]; next?: string }> {
  refuseUnknown(query, ["perPage", "nextPageToken"]);
  const perPage = perPageOf(query);
  const token = single(query, "nextPageToken");
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (!caller.admin) {
    clauses.push("account_id = ?");
    params.push(caller.accountId);
  }
  if (token !== undefined) {
    const mark = markOf(token);
    clauses.push("(created_at, id) < (?, ?)");
    params.push(mark.createdAt, mark.id);
  }
  const rows = await ctx.store.all<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM _epcis_capture_jobs ${clauses.length ? `WHERE ${clauses.join(" AND ")}` : ""}
     ORDER BY created_at DESC, id DESC LIMIT ${perPage + 1}`,
    params as never[],
  );
  const page = rows.slice(0, perPage);
  const last = page[page.length - 1];
  return {
    list: page.map((row) => reportOf(row, language)),
    ...(rows.length > perPage && last ? { next: tokenOf({ createdAt: last.created_at, id: last.id }) } : {}),
  };
}
