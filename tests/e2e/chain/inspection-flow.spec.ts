// In the console, an inspector in Chengdu looks a code up in 信息查询 with
// their GPS position — the city it resolves to, the code's open warning, and one timeline of the
// ledger's events and the consumer scans — then records the inspection in 稽查记录, which settles
// the warning (verified, with the verdict) and appears in the code's timeline at their position,
// and adds a photo to the inspection's evidence (取证记录), kept with its SHA-256.
import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { api, choose, formControl, tokenOf, type Created, type ListPage } from "../org/org-helpers";

const CHENGDU = { latitude: 30.5728, longitude: 104.0668 };
const GEO = "geo:30.572800,104.066800";

test.use({ geolocation: CHENGDU, permissions: ["geolocation"] });

interface Warning {
  id: number;
  code: string;
  rule: string;
}
interface Trace {
  detail: { timeline: { kind: string }[] };
  scans: { scan_index: number }[];
  attribution: { dealer: { name: string } } | null;
}

test("信息查询 with GPS, then 稽查记录 settles the warning it found", async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await tokenOf(request, "admin");
  // The seed scans one shipped code past the threshold through the real rules: its warning is pending.
  const warnings = (
    await api(request, admin, "/api/inspect/consumerwarnings/pagelist?page=1&size=1&rule=repeated_scan&status=pending")
  ).data as { list: Warning[] };
  const warning = warnings.list[0];
  expect(warning, "a pending repeated-scan warning from the seed").toBeDefined();
  const trace = (await api(request, admin, `/api/inspect/codetraces/lookup?code=${warning.code}`)).data as Trace;

  await signIn(page, "admin", "/informationinquiry");
  const screen = visiblePage(page);
  // Without a code: the list of codes, a projection of their state.
  await expect(screen.locator(".ant-table-row").first()).toBeVisible();
  await screen.getByTestId("locate").click();
  await expect(screen.getByText(GEO)).toBeVisible();
  await screen.getByPlaceholder("Enter a trace code").fill(warning.code);
  await screen.getByPlaceholder("Enter a trace code").press("Enter");

  await expect(screen.getByTestId("inspector-region")).toContainText("成都市");
  await expect(screen.getByTestId("open-warning").filter({ hasText: "Scanned too often" })).toHaveCount(1);
  // A repeated-scan warning is raised on a shipped code: it is attributed to a dealer.
  expect(trace.attribution, "the warned code's dealer").not.toBeNull();
  await expect(screen.getByTestId("attributed-dealer")).toHaveText(trace.attribution!.dealer.name);
  const events = screen.getByTestId("timeline-event");
  await expect(events).toHaveCount(trace.detail.timeline.length + trace.scans.length);
  await expect(screen.locator('[data-testid="timeline-event"][data-kind="consumer_scan"]')).toHaveCount(
    trace.scans.length,
  );
  await expect(events.filter({ hasText: "Consumer scan no. 1" })).toHaveCount(1);

  // 稽查记录: the warning's "record inspection" opens the form filled in with the warning, the code,
  // the dealer it is attributed to and the position the device gave; the inspector adds the rest.
  const inspectionNo = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await screen
    .getByTestId("open-warning")
    .filter({ hasText: "Scanned too often" })
    .getByTestId("record-inspection")
    .click();
  await expect(page).toHaveURL(/\/inspectrecord\/create\?/);
  const form = visiblePage(page);
  await expect(formControl(form, "GPS position")).toHaveValue(GEO);
  await expect(formControl(form, "Scanned code")).toHaveValue(warning.code);
  await formControl(form, "Inspection no.").fill(inspectionNo);
  await choose(formControl(form, "Result"), "Suspected counterfeit");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/inspectrecord(\?|$)/);

  const settled = (await api(request, admin, `/api/inspect/consumerwarnings/detail?id=${warning.id}`)).data as {
    status: string;
    verdict: string;
    handled_by: string;
  };
  expect(settled).toMatchObject({ status: "verified", verdict: "counterfeit", handled_by: "admin" });
  const recorded = (
    await api(request, admin, `/api/inspect/inspections/pagelist?page=1&size=1&inspection_no=${inspectionNo}`)
  ).data as { list: { region_code: string }[] };
  expect(recorded.list[0]?.region_code).toBe("510100");

  // Back in 信息查询: that warning is no longer open, and the inspection is in the timeline.
  await page.goto(`/informationinquiry?code=${warning.code}`);
  const again = visiblePage(page);
  await expect(again.getByTestId("timeline-event").first()).toBeVisible();
  await expect(again.getByTestId("open-warning").filter({ hasText: "Scanned too often" })).toHaveCount(0);
  const inspected = again.locator('[data-testid="timeline-event"][data-kind="inspect"]');
  await expect(inspected).toContainText("Inspected");
  await expect(inspected).toContainText("Suspected counterfeit");
  await expect(inspected).toContainText(GEO);

  // 取证记录: the evidence of that inspection (its chain frozen at capture), with a photo added on
  // its detail screen, shown with its SHA-256; once submitted, no more photos.
  const recordedId = (
    await api<ListPage<Created>>(
      request,
      admin,
      `/api/inspect/inspections/pagelist?page=1&size=1&inspection_no=${inspectionNo}`,
    )
  ).data.list[0].id;
  const evidence = await api<Created>(request, admin, "/api/inspect/evidences/add", {
    evidence_no: `EV-${inspectionNo}`,
    inspection_id: recordedId,
    evidence_type: "photo",
    code: warning.code,
    store_name: "城东便利店",
    store_address: "成都市武侯区人民南路 1 号",
    price: 39.5,
    conclusion: "counterfeit",
    collected_by: "admin",
    collected_at: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
  });
  expect(evidence.code, evidence.message).toBe(0);
  await page.goto(`/forensics/show/${evidence.data.id}`);
  const gallery = visiblePage(page).getByTestId("record-gallery");
  await expect(gallery).toContainText("No photos yet");
  await gallery.getByTestId("gallery-input").setInputFiles({ name: "shelf.png", mimeType: "image/png", buffer: PNG });
  const photo = gallery.getByTestId("gallery-photo");
  await expect(photo).toHaveCount(1);
  await expect(photo).toHaveAttribute("data-sha256", createHash("sha256").update(PNG).digest("hex"));
  await expect(photo).toContainText("shelf.png");
  await expect(photo.locator("img")).toHaveAttribute("src", /^blob:/);
  expect((await api(request, admin, "/api/inspect/evidences/submit", { id: evidence.data.id })).code).toBe(0);
  await page.reload();
  await expect(visiblePage(page).getByTestId("gallery-photo")).toHaveCount(1);
  await expect(visiblePage(page).getByRole("button", { name: "Add photos" })).toHaveCount(0);
});

/** A 1×1 PNG: a photo the server accepts by its first bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
