// Driver errors become the failures code acts on; anything else passes through; a lost race runs again.
import { describe, expect, it } from "vitest";
import {
  DatabaseUnavailable,
  SerializationFailure,
  UniqueViolation,
  fromPostgresError,
  fromSqliteError,
  retrying,
} from "./database-errors";

describe("the mapping", () => {
  it("reads table and columns from both engines' unique violations", () => {
    const sqlite = Object.assign(new Error("UNIQUE constraint failed: waybills.number, waybills.carrier"), {
      code: "SQLITE_CONSTRAINT_UNIQUE",
    });
    expect(fromSqliteError(sqlite)).toMatchObject({ table: "waybills", columns: ["number", "carrier"] });
    const postgres = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      table: "waybills",
      detail: "Key (number, carrier)=(W-1, 7) already exists.",
    });
    const mapped = fromPostgresError(postgres);
    expect(mapped).toBeInstanceOf(UniqueViolation);
    expect(mapped).toMatchObject({ table: "waybills", columns: ["number", "carrier"], cause: postgres });
  });

  it("passes through an error whose code is not a driver's: a refusal thrown inside a transaction", () => {
    const refusal = Object.assign(new Error("not packable"), { code: 40000 });
    expect(fromSqliteError(refusal)).toBe(refusal);
    expect(fromPostgresError(refusal)).toBe(refusal);
  });

  it("takes a refused or dropped connection for an unavailable database", () => {
    for (const error of [
      Object.assign(new Error("connect ENOENT /tmp/x/.s.PGSQL.5432"), { code: "ENOENT" }),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      new Error("Connection terminated unexpectedly"),
    ])
      expect(fromPostgresError(error)).toBeInstanceOf(DatabaseUnavailable);
  });

  it("passes any other error through unchanged", () => {
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: "42601" });
    expect(fromPostgresError(syntax)).toBe(syntax);
    const bug = new TypeError("x is undefined");
    expect(fromSqliteError(bug)).toBe(bug);
  });
});

describe("retrying", () => {
  it("runs the work again after a serialization failure, and no more than it is allowed", async () => {
    let runs = 0;
    expect(
      await retrying(() => (++runs < 3 ? Promise.reject(new SerializationFailure("lost")) : Promise.resolve("done"))),
    ).toBe("done");
    runs = 0;
    const always = retrying(
      () => {
        runs += 1;
        return Promise.reject(new SerializationFailure("lost"));
      },
      { attempts: 4 },
    );
    await expect(always).rejects.toBeInstanceOf(SerializationFailure);
    expect(runs).toBe(4);
  });

  it("does not run again after any other error", async () => {
    let runs = 0;
    const refused = retrying(() => {
      runs += 1;
      return Promise.reject(new UniqueViolation("taken", "t", ["n"]));
    });
    await expect(refused).rejects.toBeInstanceOf(UniqueViolation);
    expect(runs).toBe(1);
  });
});
