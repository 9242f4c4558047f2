// 采集任务: a document captured through the EPCIS interface with one bad event is listed in the
// console with its partner's state and counts, and its detail shows the refused event's index,
// eventID and the reason the interface's own report gives.
import { expect, test, type Page } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { stamp, tokenOf } from "../org/org-helpers";

const rowOf = (page: Page, text: string) =>
  visiblePage(page).locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: text });

interface Report {
  running: boolean;
  errors: { detail: string }[];
}

test("capture jobs: one captured through /epcis with a bad event is listed with its reason", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, "admin");
  const eventID = `urn:uuid:00000000-0000-4000-8000-${stamp().padStart(12, "0").slice(-12)}`;
  const unknownCode = `https://id.gs1.org/01/09506000134352/21/NO-SUCH-${stamp()}`;
  const captured = await request.post("/epcis/capture", {
    headers: { token, "content-type": "application/ld+json", "accept-language": "en" },
    data: {
      "@context": ["https://ref.gs1.org/standards/epcis/epcis-context.jsonld"],
      type: "EPCISDocument",
      schemaVersion: "2.0",
      creationDate: "2024-06-01T08:00:00Z",
      epcisBody: {
        eventList: [
          {
            type: "ObjectEvent",
            eventID,
            eventTime: "2024-06-01T08:00:00Z",
            eventTimeZoneOffset: "+08:00",
            epcList: [unknownCode],
            action: "OBSERVE",
            bizStep: "receiving",
          },
        ],
      },
    },
  });
  expect(captured.status(), await captured.text()).toBe(202);
  const location = captured.headers().location;
  const captureID = decodeURIComponent(location.split("/").pop()!);
  let report: Report | undefined;
  await expect
    .poll(async () => {
      report = (await (await request.get(location, { headers: { token, "accept-language": "en" } })).json()) as Report;
      return report.running;
    })
    .toBe(false);
  const reason = report!.errors[0].detail;

  await signIn(page, "admin", "/epciscapturejobs");
  const row = rowOf(page, captureID);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Nothing accepted");
  await expect(row).toContainText("Roll back all");

  await row.getByRole("button", { name: "View" }).click();
  await expect(page).toHaveURL(new RegExp(`/epciscapturejobs/show/${captureID}$`));
  const shown = visiblePage(page);
  await expect(shown).toContainText(eventID);
  await expect(shown).toContainText(reason);
});
