// Generated list screens: filters live in the URL (refine's syncWithLocation), so a reload or a
// shared link restores them. A reference filter restored from the URL must show the record's
// name, not its id (the URL holds ids as text; the options call answers numbers).
import { expect, test } from "@playwright/test";
import { signIn } from "../shell/helpers";
import { api, ok, tokenOf } from "../org/org-helpers";

test("list filters: a reference filter restored from the URL shows the referred record's name (账号管理 by department)", async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, "admin");
  const accounts = (await api(request, admin, "/api/org/employees/pagelist?page=1&size=1")).data as {
    list: { depart_id: number }[];
  };
  const { depart_id: departId } = accounts.list[0];
  const departments = (await api(request, admin, `/api/org/enterprisedepart/options?ids=${departId}`)).data as {
    value: number;
    label: string;
  }[];
  const name = departments.find((option) => option.value === departId)!.label;
  expect(name).not.toBe(String(departId));

  await signIn(page, "admin", "/dashboard");
  await page.goto(
    `/stafflist?pageSize=10&currentPage=1&filters[0][field]=depart_id&filters[0][operator]=eq&filters[0][value]=${departId}`,
  );
  const filter = page.locator(".ant-form-item").filter({ hasText: "Department" }).first();
  await expect(filter.locator(".ant-select-selection-item")).toHaveText(name);
  // Only that department's accounts are listed.
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.locator(".ant-table-row").filter({ hasNotText: name })).toHaveCount(0);
});

test("list filters: a date range restored from the URL shows its dates in the picker and filters the list (取证记录)", async ({
  page,
  request,
}) => {
  // Two days in the middle of the seeded evidence: some rows fall inside, others outside.
  const admin = await tokenOf(request, "admin");
  const evidence: Evidence[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const { list, total } = await ok<{ list: Evidence[]; total: number }>(
      request,
      admin,
      `/api/inspect/evidences/pagelist?page=${pageNo}&size=100`,
    );
    evidence.push(...list);
    if (evidence.length >= total || list.length === 0) break;
  }
  const middle = evidence[Math.floor(evidence.length / 2)].collected_at;
  const first = middle.slice(0, 10);
  const last = new Date(Date.parse(`${first}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [fromText, toText] = [`${first}T00:00:00Z`, `${last}T23:59:59Z`];
  const [from, to] = [Date.parse(fromText), Date.parse(toText)];

  await signIn(page, "admin", "/dashboard");
  const listCall = page.waitForRequest((sent) => new URL(sent.url()).pathname === "/api/inspect/evidences/pagelist");
  await page.goto(
    `/forensics?pageSize=10&currentPage=1&filters[0][field]=collected_at&filters[0][operator]=between&filters[0][value][0]=${fromText}&filters[0][value][1]=${toText}`,
  );
  // The list call carries the range the URL holds; the picker shows it.
  const sent = await listCall;
  const query = new URL(sent.url()).searchParams;
  expect(Date.parse(query.get("collected_at_from") ?? ""), `collected_at_from=${query.get("collected_at_from")}`).toBe(
    from,
  );
  expect(Date.parse(query.get("collected_at_to") ?? ""), `collected_at_to=${query.get("collected_at_to")}`).toBe(to);

  const picker = page.locator(".ant-picker-range").first();
  await expect(picker.locator("input").first()).toHaveValue(new RegExp(`^${first}`));
  const dayAfter = new Date(to + 1000).toISOString().slice(0, 10);
  await expect(picker.locator("input").nth(1)).toHaveValue(new RegExp(`^(${last}|${dayAfter})`));

  // What comes back is exactly the evidence collected in the range: rows outside it are absent.
  const within = (row: Evidence) => Date.parse(row.collected_at) >= from && Date.parse(row.collected_at) <= to;
  const inside = evidence.filter(within);
  const outside = evidence.filter((row) => !within(row));
  expect(inside.length, "the seed has evidence in the range").toBeGreaterThan(0);
  expect(outside.length, "the seed has evidence outside the range").toBeGreaterThan(0);
  const answer = (await (await sent.response())!.json()) as { data: { list: Evidence[]; total: number } };
  expect(answer.data.total).toBe(inside.length);
  for (const row of answer.data.list)
    expect(within(row), `${row.evidence_no} collected ${row.collected_at}`).toBe(true);

  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(Math.min(inside.length, 10));
  for (const row of answer.data.list)
    await expect(rows.filter({ has: page.getByText(row.evidence_no, { exact: true }) })).toHaveCount(1);
  // The outside row nearest the range: a filter off by a little would let it in.
  const distance = (row: Evidence) =>
    Math.min(...[from, to].map((bound) => Math.abs(Date.parse(row.collected_at) - bound)));
  const nearest = outside.sort((a, b) => distance(a) - distance(b))[0];
  await expect(rows.filter({ has: page.getByText(nearest.evidence_no, { exact: true }) })).toHaveCount(0);
});

interface Evidence {
  readonly id: number;
  readonly evidence_no: string;
  readonly collected_at: string;
}
