// A stored message reads in the reader's language; a row whose key is no catalog key, or whose
// parameters are not a JSON object, keeps its stored text; a resource without hooks is untouched.
import { describe, expect, it } from "vitest";
import { ReadHooks, storedMessage } from "./read-hooks";

const stored = () => [
  {
    message: "row 3: code: X is not a known trace code",
    message_key: "logistics.upload.row",
    message_params: JSON.stringify({
      row: 3,
      reason: { key: "codes.unknownCode", params: { code: "X" }, field: "code" },
    }),
  },
  { message: "typed in", message_key: null, message_params: null },
  { message: "seeded", message_key: "精选3", message_params: "{}" },
  { message: "broken", message_key: "logistics.upload.noCode", message_params: "[1" },
  { message: "no params", message_key: "logistics.upload.noCode", message_params: null },
];

describe("ReadHooks", () => {
  const hooks = new ReadHooks();
  hooks.add("wms_errors", storedMessage("message"));

  it("words a stored message in each reader's language, and leaves text that is no stored message", () => {
    expect(hooks.present("wms_errors", stored(), "en").map((row) => row.message)).toEqual([
      "row 3: code: X is not a known trace code",
      "typed in",
      "seeded",
      "broken",
      "no code",
    ]);
    expect(hooks.present("wms_errors", stored(), "zh").map((row) => row.message)).toEqual([
      "第 3 行：code: X 不是已知的追溯码",
      "typed in",
      "seeded",
      "broken",
      "没有码",
    ]);
  });

  it("leaves the rows of a resource without hooks as they are", () => {
    const rows = stored();
    expect(hooks.present("waybills", rows, "zh")).toEqual(stored());
  });
});
