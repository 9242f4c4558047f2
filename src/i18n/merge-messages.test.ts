import { expect, it } from "vitest";
import { changesShownMessages, flattenKeys, mergeMessages } from "./merge-messages";

it("merges trees deeply, a later string winning, and lists dotted keys", () => {
  const merged = mergeMessages({ menu: { a: "A", b: "B" } }, { menu: { b: "B2", c: "C" } }, "not a tree");
  expect(merged).toEqual({ menu: { a: "A", b: "B2", c: "C" } });
  expect(flattenKeys(merged)).toEqual(["menu.a", "menu.b", "menu.c"]);
});

it("says whether a regenerated bundle changes a shown message, not when it only adds", () => {
  const shown = { menu: { store: "Warehouses", org: { title: "Organisation" } } };
  expect(
    changesShownMessages(shown, {
      menu: { store: "Warehouses", org: { title: "Organisation" }, benchlive1: "Bench 1" },
    }),
  ).toBe(false);
  expect(changesShownMessages(shown, { menu: { store: "Warehouses" } })).toBe(false); // a key dropped stays shown as it was
  expect(changesShownMessages(shown, { menu: { store: "Stores", org: { title: "Organisation" } } })).toBe(true);
  expect(changesShownMessages(shown, { menu: { store: "Warehouses", org: { title: "Organization" } } })).toBe(true);
  expect(
    changesShownMessages(shown, { menu: { store: { title: "Warehouses" }, org: { title: "Organisation" } } }),
  ).toBe(true);
  expect(changesShownMessages(shown, { menu: "flat" })).toBe(true);
});
