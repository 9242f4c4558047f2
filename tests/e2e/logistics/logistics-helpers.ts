// What the logistics browser tests ask the server for: a code's state, and free boxes to ship.
import type { APIRequestContext } from "@playwright/test";
import { ok } from "../org/org-helpers";

export interface Code {
  code: string;
  status: string;
  dealer_id: number | null;
  waybill_id: number | null;
}

export async function codeState(request: APIRequestContext, token: string, code: string): Promise<Code> {
  const { list } = await ok<{ list: Code[] }>(
    request,
    token,
    `/api/tagging/tracecodes/pagelist?page=1&size=1&code=${code}`,
  );
  return list[0];
}

/** Boxes in stock holding items, not on any waybill, with one item of each; `skip` passes over the first ones. */
export async function freeBoxes(
  request: APIRequestContext,
  token: string,
  count: number,
  skip = 0,
): Promise<{ box: string; item: string }[]> {
  const { list } = await ok<{ list: Code[] }>(
    request,
    token,
    "/api/tagging/tracecodes/pagelist?page=1&size=100&status=activated&code_type=box",
  );
  const found: { box: string; item: string }[] = [];
  let passed = 0;
  for (const { code } of list) {
    const held = await ok<{ list: { child_code: string }[] }>(
      request,
      token,
      `/api/plant/packaginglinks/pagelist?page=1&size=1&parent_code=${code}`,
    );
    const onWaybill = await ok<{ list: unknown[] }>(
      request,
      token,
      `/api/physical/waybillcodes/pagelist?page=1&size=1&code=${code}`,
    );
    if (!held.list[0] || onWaybill.list.length) continue;
    if (passed++ < skip) continue;
    found.push({ box: code, item: held.list[0].child_code });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count + skip} free boxes with items in the seed`);
}
