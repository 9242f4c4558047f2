// A date-time field is edited on the business clock (the enterprise's zone, Asia/Shanghai), as every
// screen prints it, for a viewer whose machine runs in another zone (Los Angeles here): the picker
// shows the stored instant's Shanghai wall time, says "UTC+8" inside the field, and a time typed into
// it is stored as the instant that Shanghai wall time names, on both sides of midnight.
import { expect, test } from "@playwright/test";
import { formControl, ok, stamp } from "../org/org-helpers";
import { apiLogin, signIn, visiblePage } from "../shell/helpers";

interface Evidence {
  id: number;
  collected_at: string;
}

test.use({ timezoneId: "America/Los_Angeles" });

test("a date-time picker reads and writes the business clock for a viewer in another zone", async ({ page }) => {
  const token = await apiLogin(page);
  const inspections = await ok<{ list: { id: number }[] }>(
    page.request,
    token,
    "/api/inspect/inspections/pagelist?page=1&size=1",
  );
  const created = await ok<{ id: number }>(page.request, token, "/api/inspect/evidences/add", {
    evidence_no: `EV-TZ-${stamp()}`.toUpperCase(),
    inspection_id: inspections.list[0].id,
    evidence_type: "photo",
    collected_by: "admin",
    collected_at: "2026-11-27T15:30:00Z", // 23:30 in Shanghai, 07:30 in Los Angeles
  });

  await signIn(page, "admin", `/forensics/edit/${created.id}`, "en");
  const form = visiblePage(page);
  const picker = formControl(form, "Collected at");
  await expect(picker).toHaveValue("2026-11-27 23:30:00");
  await expect(form.getByTestId("business-zone-label")).toHaveText("UTC+8");

  // 00:30 on the 28th, Shanghai time: 16:30 UTC on the 27th, which is still the 27th in Los Angeles.
  await picker.click();
  await picker.fill("2026-11-28 00:30:00");
  await picker.press("Enter");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/forensics/show/${created.id}$`)); // saved; the record is shown

  const stored = await ok<Evidence>(page.request, token, `/api/inspect/evidences/detail?id=${created.id}`);
  expect(Date.parse(stored.collected_at)).toBe(Date.parse("2026-11-27T16:30:00Z"));

  await expect(visiblePage(page).getByText("2026-11-28 00:30:00 (UTC+8)")).toBeVisible();
});
