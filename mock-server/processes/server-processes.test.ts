// SERVER_PROCESSES: a whole number, more than one only over PostgreSQL and outside development,
// each refusal a sentence the start prints.
import { describe, expect, it } from "vitest";
import { serverProcesses } from "./server-processes";

const PG = "postgres://console@db.internal/console";

describe("SERVER_PROCESSES", () => {
  it("defaults to one process on either engine", () => {
    expect(serverProcesses({}, ".data/console.db")).toBe(1);
    expect(serverProcesses({ SERVER_PROCESSES: " " }, PG)).toBe(1);
    expect(serverProcesses({ SERVER_PROCESSES: "1" }, ".data/console.db")).toBe(1);
  });

  it("starts several over PostgreSQL", () => {
    expect(serverProcesses({ SERVER_PROCESSES: "4" }, PG)).toBe(4);
  });

  it("refuses several over a SQLite file, saying why", () => {
    expect(() => serverProcesses({ SERVER_PROCESSES: "2" }, ".data/console.db")).toThrow(
      "SERVER_PROCESSES=2 needs PostgreSQL (DATABASE_URL): a SQLite file has one writer, so it is served by one process.",
    );
  });

  it("refuses several in development, and anything but a whole number from 1 to 256", () => {
    expect(() => serverProcesses({ SERVER_PROCESSES: "2", NODE_ENV: "development" }, PG)).toThrow(/live reload/);
    for (const text of ["0", "2.5", "many", "-1", "257"])
      expect(() => serverProcesses({ SERVER_PROCESSES: text }, PG)).toThrow(
        `SERVER_PROCESSES must be a whole number from 1 to 256, not "${text}".`,
      );
  });
});
