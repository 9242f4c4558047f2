// The JS order of values agrees with SQLite's, value class by value class and for text past U+FFFF.
import { expect, it } from "vitest";
import { openDatabase } from "./open-database";
import { compareTuple, compareValue } from "./sql-order";

it("orders values as SQLite's ORDER BY does", () => {
  const db = openDatabase(":memory:");
  db.exec("CREATE TABLE v (id INTEGER PRIMARY KEY, x)");
  const values: unknown[] = [
    null,
    3,
    -1,
    2.5,
    10,
    "b",
    "a",
    "B",
    "",
    "é",
    "\u{1F600}",
    "\uFF21",
    "a\u{1F600}",
    "a\uFFFF",
  ];
  values.push(Buffer.from([2]), Buffer.from([1, 9]));
  const insert = db.prepare("INSERT INTO v (x) VALUES (?)");
  for (const value of values) insert.run(value);
  const sqlite = db.prepare("SELECT x FROM v ORDER BY x, id").pluck().all();
  const js = [...values].sort(compareValue);
  expect(js).toEqual(sqlite);
  expect(compareTuple(["a", 2], ["a", 10])).toBe(-1);
  expect(compareTuple([null, 5], [0, 1])).toBe(-1);
  expect(compareTuple(["x", 1], ["x", 1])).toBe(0);
  db.close();
});
