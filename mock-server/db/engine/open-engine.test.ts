// DATABASE_URL chooses the engine: a postgres:// URL is PostgreSQL, anything else SQLite's file.
import { describe, expect, it } from "vitest";
import { isPostgresUrl, openEngine } from "./open-engine";

describe("openEngine", () => {
  it.each([
    ["postgres://app@db.internal/trace", true],
    ["postgresql://app@/trace?host=/run/postgresql", true],
    ["POSTGRES://app@db/trace", true],
    ["./.data/trace.db", false],
    [":memory:", false],
    ["/var/lib/trace/postgres.db", false],
  ])("%s is PostgreSQL: %s", (location, postgres) => {
    expect(isPostgresUrl(location)).toBe(postgres);
  });

  it("opens SQLite for a path", async () => {
    const engine = openEngine(":memory:");
    expect(engine.dialect.name).toBe("sqlite");
    expect(await engine.one("SELECT 1 AS one")).toEqual({ one: 1 });
    await engine.close();
  });

  it("opens PostgreSQL for a URL without connecting yet", async () => {
    const engine = openEngine("postgres://nobody@/nothing?host=/nonexistent");
    expect(engine.dialect.name).toBe("postgres");
    await engine.close();
  });
});
