// 订阅: a subscription made through the EPCIS interface is listed in the console with its delivery
// state; pausing it there holds its delivery (the interface then answers paused) and resuming lets it
// go on, the row's buttons following its state.
import { expect, test, type Page } from "@playwright/test";
import { signIn, visiblePage } from "../shell/helpers";
import { stamp, tokenOf } from "../org/org-helpers";

const rowOf = (page: Page, text: string) =>
  visiblePage(page).locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: text });

test("subscriptions: one made through /epcis is listed with its state, paused and resumed", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, "admin");
  const name = `feed-${stamp()}`;
  const dest = `http://127.0.0.1:9/${name}`;
  const made = await request.post("/epcis/queries", {
    headers: { token },
    data: { name, query: { EQ_bizStep: "shipping" } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const subscribed = await request.post(`/epcis/queries/${name}/subscriptions`, {
    headers: { token },
    data: { dest, signatureToken: "a-shared-secret-of-the-partner", stream: true },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const { subscriptionID } = (await subscribed.json()) as { subscriptionID: string };
  const stateInEpcis = async () =>
    (
      (await (
        await request.get(`/epcis/queries/${name}/subscriptions/${subscriptionID}`, { headers: { token } })
      ).json()) as { delivery: { state: string } }
    ).delivery.state;

  await signIn(page, "admin", "/epcissubscriptions");
  const row = rowOf(page, dest);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: "Pause" }).click();
  await expect(row).toContainText("Paused");
  await expect(row.getByRole("button", { name: "Resume" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Pause" })).toHaveCount(0);
  expect(await stateInEpcis()).toBe("paused");

  await row.getByRole("button", { name: "Resume" }).click();
  await expect(row).toContainText("Active");
  expect(await stateInEpcis()).toBe("active");
});
