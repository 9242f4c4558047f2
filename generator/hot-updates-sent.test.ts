// The manifest watch tells the console only after Vite has sent the hot updates of the files it
// wrote.
import { expect, it } from "vitest";
import { hotUpdatesSent } from "./hot-updates-sent";

it("resolves once every written file was reported after the write, not on a report from before it", async () => {
  const tracker = hotUpdatesSent();
  tracker.reported("/p/src/generated/routes.gen.ts"); // an earlier save's report
  const since = performance.now();
  let sent: boolean | undefined;
  void tracker
    .sentSince(["/p/src/generated/routes.gen.ts", "/p/src/generated/resources.gen.ts"], since)
    .then((value) => (sent = value));
  tracker.reported("/p/src/generated/resources.gen.ts");
  await new Promise((tick) => setTimeout(tick, 5));
  expect(sent).toBeUndefined();
  tracker.reported("/p/src/generated/routes.gen.ts");
  await new Promise((tick) => setTimeout(tick, 5));
  expect(sent).toBe(true);
});

it("resolves at once for files already reported since the write, and false when a report never comes", async () => {
  const tracker = hotUpdatesSent();
  const since = performance.now();
  tracker.reported("/p/a.gen.ts");
  await expect(tracker.sentSince(["/p/a.gen.ts"], since)).resolves.toBe(true);
  await expect(tracker.sentSince([], since)).resolves.toBe(true);
  await expect(tracker.sentSince(["/p/never.gen.ts"], since, 20)).resolves.toBe(false);
});

it("answers after a macrotask, so that Vite's send after its hooks comes first", async () => {
  const tracker = hotUpdatesSent();
  const order: string[] = [];
  const since = performance.now();
  const waiting = tracker.sentSince(["/p/a.gen.ts"], since).then(() => order.push("told"));
  tracker.reported("/p/a.gen.ts");
  await Promise.resolve().then(() => order.push("update sent"));
  await waiting;
  expect(order).toEqual(["update sent", "told"]);
});
