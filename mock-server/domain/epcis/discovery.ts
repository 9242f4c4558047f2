// Paging of the discovery lists: perPage and an opaque nextPageToken holding the last key given.
// The EPCs are paged in SQL by code (the (code, event_id) key of _ledger_event_codes); the other
// lists are vocabularies of a few dozen words, read whole and paged by value.
import { message } from "../../../schema/contract/messages";
import { badParameter, badParameterValue } from "./epcis-problem";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type RawQuery } from "./query-parameters";

export interface DiscoverySource {
  /** A vocabulary's members, whole. */
  vocabulary(): Promise<string[]>;
  /** Up to `count` EPCs after the code `after`, in code order, each with its URI. */
  codesAfter(after: string, count: number): Promise<{ key: string; member: string }[]>;
}

const tokenOf = (list: string, key: string) => Buffer.from(JSON.stringify([list, key])).toString("base64url");

function keyOf(list: string, token: string): string {
  try {
    const parts: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (Array.isArray(parts) && parts.length === 2 && parts[0] === list && typeof parts[1] === "string")
      return parts[1];
  } catch {
    // refused below
  }
  throw badParameterValue(message("epcis.badPageToken"));
}

const single = (query: RawQuery, name: string): string | undefined => {
  const raw = query[name];
  if (Array.isArray(raw)) throw badParameter(message("epcis.repeatedParameter", { name }));
  return raw === undefined ? undefined : typeof raw === "string" ? raw : JSON.stringify(raw);
};

export async function discoveryPage(
  query: RawQuery,
  list: string,
  source: DiscoverySource,
): Promise<{ members: string[]; next?: string }> {
  for (const name of Object.keys(query))
    if (name !== "perPage" && name !== "nextPageToken") throw badParameter(message("epcis.unknownParameter", { name }));
  const perPageText = single(query, "perPage");
  const perPage =
    perPageText === undefined ? DEFAULT_PER_PAGE : /^\d{1,6}$/.test(perPageText) ? Number(perPageText) : 0;
  if (perPage < 1 || perPage > MAX_PER_PAGE)
    throw badParameterValue(message("epcis.badPerPage", { value: perPageText ?? "", max: MAX_PER_PAGE }));
  const token = single(query, "nextPageToken");
  const after = token === undefined ? "" : keyOf(list, token);
  const rows =
    list === "epcs"
      ? await source.codesAfter(after, perPage + 1)
      : (await source.vocabulary())
          .map((member) => ({ key: member, member }))
          .filter((row) => row.key > after)
          .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
          .slice(0, perPage + 1);
  const page = rows.slice(0, perPage);
  const last = page[page.length - 1];
  return {
    members: page.map((row) => row.member),
    ...(rows.length > perPage && last ? { next: tokenOf(list, last.key) } : {}),
  };
}
