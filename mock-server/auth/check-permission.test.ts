import { describe, expect, it } from "vitest";
import { checkPermission, type Grants } from "./check-permission";

const grants = (partial: Partial<Grants> = {}): Grants => ({
  accountId: 1,
  admin: false,
  menus: new Set(),
  buttons: new Set(),
  ...partial,
});
const none = new Set<string>();

describe("checkPermission (spec §6)", () => {
  const cases: [string, Grants, string[], Set<string>, boolean][] = [
    ["admin passes anything", grants({ admin: true }), ["x"], none, true],
    ["admin passes an empty list", grants({ admin: true }), [], none, true],
    ["an empty list admits nobody else (spec §5)", grants({ menus: new Set(["a"]) }), [], none, false],
    ["a selected menu key", grants({ menus: new Set(["productlist"]) }), ["productlist", "store"], none, true],
    ["a selected button code", grants({ buttons: new Set(["store_add"]) }), ["store_add"], none, true],
    ["nothing selected", grants({ menus: new Set(["store"]) }), ["productlist"], none, false],
    ["an open menu needs no grant", grants(), ["repeatedquery"], new Set(["repeatedquery"]), true],
  ];
  for (const [name, given, required, open, expected] of cases)
    it(name, () => expect(checkPermission(given, required, open)).toBe(expected));
});
