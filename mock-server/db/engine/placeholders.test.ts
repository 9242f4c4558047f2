// `?` placeholders become PostgreSQL's $n; a `?` that is text stays.
import { describe, expect, it } from "vitest";
import { numberPlaceholders } from "./placeholders";

describe("numberPlaceholders", () => {
  it.each([
    ["SELECT * FROM t WHERE a = ? AND b IN (?, ?)", "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)", 3],
    [
      "SELECT '?', 'it''s ?', \"odd?name\" FROM t WHERE a = ?",
      "SELECT '?', 'it''s ?', \"odd?name\" FROM t WHERE a = $1",
      1,
    ],
    ["SELECT 1 -- why?\nFROM t WHERE a = ?", "SELECT 1 -- why?\nFROM t WHERE a = $1", 1],
    ["SELECT /* a ? b */ ? ", "SELECT /* a ? b */ $1 ", 1],
    ["DO $body$ SELECT '?' $body$; SELECT $$?$$, ?", "DO $body$ SELECT '?' $body$; SELECT $$?$$, $1", 1],
    ["SELECT a::text FROM t WHERE b = ?", "SELECT a::text FROM t WHERE b = $1", 1],
    ["SELECT 'unterminated ?", "SELECT 'unterminated ?", 0],
  ])("%s", (sql, text, count) => {
    expect(numberPlaceholders(sql)).toEqual({ text, count });
  });
});
