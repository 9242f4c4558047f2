// A transaction's announcements travel with its COMMIT (one round trip, Store.transaction's
// atCommit): heard by another process once it commits, whatever the keys hold, and never for a
// transaction that rolls back.
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store";
import { testDatabase, testEngine } from "../../test-fixtures/test-database";
import { pause } from "../engine/test-engines";
import { countStatements } from "../../test-fixtures/statement-count";

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

/** Two stores on one database, as two server processes; what the second hears on `topic`. */
async function twoProcesses(topic: string) {
  const url = await testDatabase();
  const writer = openStore(url);
  const reader = openStore(url);
  opened.push(writer, reader);
  const heard: (string | undefined)[] = [];
  reader.onChange(topic, (key) => heard.push(key));
  await writer.caughtUp();
  await reader.caughtUp();
  return { writer, reader, heard };
}

const until = async (done: () => boolean) => {
  for (let waited = 0; !done() && waited < 5000; waited += 20) await pause(20);
};

describe.runIf(testEngine() === "postgres")("announcements sent with the COMMIT", () => {
  it("reach the other process with keys holding quotes and backslashes as they were", async () => {
    const { writer, reader, heard } = await twoProcesses("_sessions");
    const key = `it's a \\path\\ and "quoted" \\' end`;
    await writer.transaction(async () => {
      await writer.announce({ topic: "_sessions", key });
    });
    await reader.caughtUp();
    await until(() => heard.length > 0);
    expect(heard).toEqual([key]);
  });

  it("cost no statement of their own: the NOTIFY goes in the COMMIT's round trip", async () => {
    const { writer } = await twoProcesses("_sessions");
    const counted = await countStatements(() =>
      writer.transaction(async () => {
        await writer.get("SELECT 1 AS one");
        await writer.announce({ topic: "_sessions", key: "a" });
      }),
    );
    expect(counted.statements.at(-1)).toMatch(/pg_notify[\s\S]*COMMIT$/);
    expect(counted.roundTrips).toBe(2); // BEGIN with the SELECT (pg-engine.ts), the NOTIFY with the COMMIT
  });

  it("are never heard for a transaction that rolls back", async () => {
    const { writer, reader, heard } = await twoProcesses("_sessions");
    await expect(
      writer.transaction(async () => {
        await writer.announce({ topic: "_sessions", key: "rolled back" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await writer.transaction(async () => {
      await writer.announce({ topic: "_sessions", key: "committed" });
    });
    await reader.caughtUp();
    await until(() => heard.length > 0);
    expect(heard).toEqual(["committed"]);
  });
});
