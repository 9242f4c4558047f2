// How many rows an array-of-objects field takes: minItems (one at least when required) to maxItems.
import { describe, expect, it } from "vitest";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { rowCountProblem } from "./RowsInput";

const field = (extra: Partial<FieldConfig>): FieldConfig => ({
  name: "segments",
  labelKey: "segments",
  type: "string",
  widget: "input",
  column: true,
  sortable: false,
  inForm: true,
  readOnly: false,
  rules: [],
  rows: { fields: [], maxItems: 3 },
  ...extra,
});
const t = (key: string, params?: Record<string, unknown>) => `${key} ${JSON.stringify(params ?? {})}`;

describe("rowCountProblem", () => {
  it("allows none to maxItems rows of an optional field", () => {
    expect(rowCountProblem(field({}), 0, t)).toBeUndefined();
    expect(rowCountProblem(field({}), 3, t)).toBeUndefined();
    expect(rowCountProblem(field({}), 4, t)).toBe('screens.rows.tooMany {"label":"segments {}","value":3}');
  });

  it("a required field needs a row; minItems raises the floor", () => {
    expect(rowCountProblem(field({ rules: [{ kind: "required" }] }), 0, t)).toMatch(/^screens.rows.tooFew .*"value":1/);
    expect(rowCountProblem(field({ rows: { fields: [], minItems: 2, maxItems: 3 } }), 1, t)).toMatch(/"value":2/);
  });
});
