import { describe, expect, it } from "vitest";
import { startValues } from "./start-values";

const fields = [
  { name: "inspection_no", type: "string", inForm: true, readOnly: false },
  { name: "warning_id", type: "integer", inForm: true, readOnly: false },
  { name: "status", type: "string", inForm: true, readOnly: false, default: "enabled" },
  { name: "inspector", type: "string", inForm: true, readOnly: true },
  { name: "id", type: "integer", inForm: false, readOnly: true },
] as const;

describe("a create form's starting values", () => {
  it("are the defaults, then the address's values of typed form fields, as their type", () => {
    expect(startValues(fields, new URLSearchParams("warning_id=7&inspection_no=IN-1&status=disabled"))).toEqual({
      inspection_no: "IN-1",
      warning_id: 7,
      status: "disabled",
    });
  });

  it("leave out server-owned and hidden fields, unknown names and values of the wrong type", () => {
    expect(startValues(fields, new URLSearchParams("inspector=eve&id=3&other=1&warning_id=seven"))).toEqual({
      status: "enabled",
    });
    expect(startValues(fields, new URLSearchParams("warning_id=1.5"))).toEqual({ status: "enabled" });
  });
});
