import { afterEach, describe, expect, it } from "vitest";
import { tagsStore } from "./tags-store";
import { publishViewTitle, viewTitles } from "./view-titles";

const tab = (path: string) => ({ path, fullPath: path, titleKey: "menu.store", affix: false, noCache: false });

afterEach(() => {
  viewTitles.set({});
  tagsStore.set({ views: [], generations: {} });
});

describe("view titles", () => {
  it("keeps each page's title under its path, and drops those of closed tabs at the next one", () => {
    tagsStore.set({ views: [tab("/store/edit/1"), tab("/store/show/1")], generations: {} });
    publishViewTitle("/store/edit/1", { kind: "edit", titleKey: "resource.warehouses.title", label: "A" });
    publishViewTitle("/store/show/1", { kind: "show", titleKey: "resource.warehouses.title" });
    expect(Object.keys(viewTitles.get())).toEqual(["/store/edit/1", "/store/show/1"]);

    tagsStore.set({ views: [tab("/store/show/1"), tab("/store/create")], generations: {} });
    publishViewTitle("/store/create", { kind: "create", titleKey: "resource.warehouses.title" });
    expect(viewTitles.get()).toEqual({
      "/store/show/1": { kind: "show", titleKey: "resource.warehouses.title" },
      "/store/create": { kind: "create", titleKey: "resource.warehouses.title" },
    });
  });
});
