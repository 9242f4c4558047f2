// At 375 px, each verdict of /m/q/:code follows the code's state — genuine, repeated,
// over the threshold, not found, a wrong check character, never activated, voided, returned, never
// shipped — and only the states of a real unit on the market show the product.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../../mock-server/options";

test.use({ viewport: { width: 375, height: 667 } });

interface Code {
  readonly code: string;
  readonly scan_count: number | null;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/sso/login", {
    data: { account_name: "admin", account_password: DEMO_PASSWORD, account_type: "enterprise", permissions: 1 },
  });
  return ((await response.json()) as { data: string }).data;
}

async function call<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const response =
    body === undefined
      ? await request.get(path, { headers: { Token: token } })
      : await request.post(path, { headers: { Token: token }, data: body });
  const answer = (await response.json()) as { code: number; message: string; data: T };
  expect(answer.code, `${path}: ${answer.message}`).toBe(0);
  return answer.data;
}

/** Codes in a state, least scanned first, each test taking its own. */
async function codesIn(request: APIRequestContext, status: string): Promise<Code[]> {
  const token = await adminToken(request);
  const page = await call<{ list: Code[] }>(
    request,
    token,
    `/api/tagging/tracecodes/pagelist?page=1&size=50&status=${status}&sort=scan_count`,
  );
  return page.list.filter((row) => !row.scan_count);
}

const consumerScan = (request: APIRequestContext, code: string) =>
  request
    .get(`/api/public/scan?code=${encodeURIComponent(code)}`)
    .then(async (response) => (await response.json()).data as { threshold: number });

/** A code order of its own (rule level + random:18 + check), generated; its id and codes. */
async function generatedOrder(
  request: APIRequestContext,
  token: string,
  quantity: number,
): Promise<{ id: number; codes: string[] }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
  const rule = await call<{ id: number }>(request, token, "/api/tagging/coderules/add", {
    rule_code: `E2E${stamp}`,
    rule_name: `验真规则${stamp}`,
    code_type: "item",
    kind: "segments",
    length: 20,
    charset: "alphanumeric",
    segments: "level + random:18 + check",
    status: "enabled",
  });
  const order = await call<{ id: number }>(request, token, "/api/tagging/codeorders/add", {
    order_no: `E2E-${stamp}`,
    rule_id: rule.id,
    quantity,
  });
  await call(request, token, "/api/tagging/codeorders/generate", { id: order.id });
  await expect
    .poll(
      async () =>
        (
          await call<{ list: { status: string }[] }>(
            request,
            token,
            `/api/tagging/codebatches/pagelist?page=1&size=1&order_id=${order.id}`,
          )
        ).list[0]?.status,
    )
    .toBe("done");
  const codes = await call<{ list: Code[] }>(
    request,
    token,
    `/api/tagging/tracecodes/pagelist?page=1&size=${quantity}&order_id=${order.id}`,
  );
  return { id: order.id, codes: codes.list.map((row) => row.code) };
}

async function show(page: Page, code: string, verdict: string, title: RegExp, productShown: boolean): Promise<void> {
  await page.context().addCookies([{ name: "language", value: "en", domain: "127.0.0.1", path: "/" }]);
  await page.goto(`/m/q/${code}`);
  const card = page.locator("[data-verdict]");
  await expect(card).toHaveAttribute("data-verdict", verdict);
  await expect(card.locator("h1")).toHaveText(title);
  await expect(page.getByTestId("scan-product")).toHaveCount(productShown ? 1 : 0);
  // Phone first: nothing scrolls sideways at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
}

test("a shipped code: genuine on its first scan", async ({ page, request }) => {
  const [code] = await codesIn(request, "shipped");
  await show(page, code.code, "genuine", /^Genuine product$/, true);
});

test("a shipped code scanned before: repeated, with the count and the first time", async ({ page, request }) => {
  const [, code] = await codesIn(request, "shipped");
  await consumerScan(request, code.code);
  await show(page, code.code, "repeated", /^This code has been queried 2 times$/, true);
  await expect(page.locator("[data-verdict]")).toContainText("First queried on");
});

test("a shipped code scanned past the threshold: a strong counterfeit caution with the count", async ({
  page,
  request,
}) => {
  const [, , code] = await codesIn(request, "shipped");
  const { threshold } = await consumerScan(request, code.code);
  for (let n = 2; n <= threshold; n += 1) await consumerScan(request, code.code);
  await show(
    page,
    code.code,
    "over_threshold",
    new RegExp(`^Warning: this code has been queried ${threshold + 1} times$`),
    true,
  );
  await expect(page.locator("[data-verdict]")).toContainText("very likely counterfeit");
});

test("no such code, and a wrong check character, are two different answers", async ({ page, request }) => {
  await show(page, "ZZNOSUCHCODE0042", "not_found", /^Code not found$/, false);
  // A code of a rule with a check character, its last character changed.
  const { codes } = await generatedOrder(request, await adminToken(request), 1);
  const last = codes[0].at(-1)!;
  const mistyped = codes[0].slice(0, -1) + (/\d/.test(last) ? String((Number(last) + 1) % 10) : "7");
  await show(page, mistyped, "bad_check", /^This code has a typing error$/, false);
});

test("a code never activated shows no product data", async ({ page, request }) => {
  const [code] = await codesIn(request, "generated");
  await show(page, code.code, "not_activated", /^This code was never activated$/, false);
});

test("a voided code warns of counterfeits", async ({ page, request }) => {
  // An order of its own, generated and closed: its unused codes are voided by the close rule.
  const token = await adminToken(request);
  const order = await generatedOrder(request, token, 3);
  await call(request, token, "/api/tagging/codeorders/close", { id: order.id });
  const voided = { list: [{ code: order.codes[0] }] };
  await show(page, voided.list[0].code, "voided", /^This code has been voided$/, false);
});

test("a returned code says it was returned; a code never shipped says so, both with the product", async ({
  page,
  request,
}) => {
  const [returned] = await codesIn(request, "returned");
  await show(page, returned.code, "returned", /^This product was returned to the manufacturer$/, true);
  const [inStock] = await codesIn(request, "activated");
  await show(page, inStock.code, "in_stock", /^This product never left the manufacturer's warehouse$/, true);
});

test("a GS1 Digital Link on the label (/01/{gtin}/21/{serial}) opens the same page and is recorded as such", async ({
  page,
  request,
}) => {
  const [, , , code] = await codesIn(request, "shipped");
  await page.context().addCookies([{ name: "language", value: "en", domain: "127.0.0.1", path: "/" }]);
  await page.goto(`/01/06901234567892/21/${code.code}`);
  await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", "genuine");
  await expect(page.getByTestId("scan-code")).toHaveText(code.code);
  const token = await adminToken(request);
  const scans = await call<{ list: { path: string }[] }>(
    request,
    token,
    `/api/querymanage/consumerscans/pagelist?page=1&size=5&code=${code.code}`,
  );
  expect(scans.list.map((row) => row.path)).toEqual(["digital_link"]);
  // A link whose GTIN check digit is wrong is no Digital Link: nothing is scanned.
  await page.goto(`/01/06901234567891/21/${code.code}`);
  await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", "invalid");
  expect(
    (
      await call<{ total: number }>(
        request,
        token,
        `/api/querymanage/consumerscans/pagelist?page=1&size=5&code=${code.code}`,
      )
    ).total,
  ).toBe(1);
});
