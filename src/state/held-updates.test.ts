// Development hot updates held until the server serves their contract.
import { expect, it } from "vitest";
import { holdUpdate, takeHeldUpdates } from "./held-updates";

it("applies every held update once, in the order first held, a later update of a key replacing the earlier", async () => {
  const applied: string[] = [];
  holdUpdate("resources", () => applied.push("resources v1"));
  holdUpdate(
    "messages",
    Promise.resolve(() => applied.push("messages")),
  );
  holdUpdate("resources", () => applied.push("resources v2"));
  const apply = await takeHeldUpdates();
  expect(applied).toEqual([]); // nothing shows before the caller applies them
  apply();
  expect(applied).toEqual(["resources v2", "messages"]);
  (await takeHeldUpdates())();
  expect(applied).toEqual(["resources v2", "messages"]);
});

it("waits for an update still loading (a language's messages) before applying any", async () => {
  const applied: string[] = [];
  let loaded!: (apply: () => void) => void;
  holdUpdate("messages", new Promise((resolve) => (loaded = resolve)));
  holdUpdate("routes", () => applied.push("routes"));
  const taking = takeHeldUpdates();
  let settled = false;
  void taking.then(() => (settled = true));
  await Promise.resolve();
  expect(settled).toBe(false);
  loaded(() => applied.push("messages"));
  (await taking)();
  expect(applied).toEqual(["messages", "routes"]);
});
