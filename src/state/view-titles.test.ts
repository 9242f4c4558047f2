import { afterEach, describe, expect, it, vi } from "vitest";
import type { ViewTitle } from "../screen-kit/screen-host";
import { setViews, tagsStore } from "./tags-store";
import { pageName, pageNameAt, publishViewTitle } from "./view-titles";

const tab = (path: string, titleKey = "menu.store") => ({
  path,
  fullPath: path,
  titleKey,
  affix: false,
  noCache: false,
});
const EDIT_A: ViewTitle = { kind: "edit", titleKey: "resource.warehouses.title", label: "A" };

/** Keys as words: "screens.viewTitle.edit(resource.warehouses.title)" for a view title. */
const t = (key: string, values?: Record<string, unknown>) =>
  typeof values?.title === "string" ? `${key}(${values.title})` : key;

afterEach(() => {
  tagsStore.set({ views: [], generations: {}, titles: {} });
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("view titles", () => {
  it("keeps each page's title under its path, and drops those of closed tabs at the next one", () => {
    setViews(() => [tab("/store/edit/1"), tab("/store/show/1")]);
    publishViewTitle("/store/edit/1", EDIT_A);
    publishViewTitle("/store/show/1", { kind: "show", titleKey: "resource.warehouses.title" });
    expect(Object.keys(tagsStore.get().titles)).toEqual(["/store/edit/1", "/store/show/1"]);

    setViews(() => [tab("/store/show/1"), tab("/store/create")]);
    publishViewTitle("/store/create", { kind: "create", titleKey: "resource.warehouses.title" });
    expect(tagsStore.get().titles).toEqual({
      "/store/show/1": { kind: "show", titleKey: "resource.warehouses.title" },
      "/store/create": { kind: "create", titleKey: "resource.warehouses.title" },
    });
  });

  it("telling the same title again changes nothing", () => {
    publishViewTitle("/store/edit/1", EDIT_A);
    const before = tagsStore.get();
    publishViewTitle("/store/edit/1", { ...EDIT_A });
    expect(tagsStore.get()).toBe(before);
  });

  it("names a page by what it shows, else by its menu title; a page without a tab by its path", () => {
    expect(pageName(t, "menu.store", EDIT_A)).toBe("screens.viewTitle.edit(resource.warehouses.title) · A");
    expect(pageName(t, "menu.store", undefined)).toBe("menu.store");
    setViews(() => [tab("/store"), tab("/store/create")]);
    publishViewTitle("/store/create", { kind: "create", titleKey: "resource.warehouses.title" });
    expect(pageNameAt(t, "/store/create")).toBe("screens.viewTitle.create(resource.warehouses.title)");
    expect(pageNameAt(t, "/store")).toBe("menu.store");
    expect(pageNameAt(t, "/nowhere")).toBe("/nowhere");
  });

  it("keeps the titles with the tabs across a reload, for the same account only", async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    const before = await import("./tags-store");
    before.restoreTags("admin", []);
    before.setViews(() => [tab("/store/edit/1"), tab("/store")]);
    (await import("./view-titles")).publishViewTitle("/store/edit/1", EDIT_A);

    vi.resetModules(); // a reload: fresh stores, the same storage
    const after = await import("./tags-store");
    after.restoreTags("admin", []);
    expect(after.tagsStore.get().titles).toEqual({ "/store/edit/1": EDIT_A });

    vi.resetModules();
    const other = await import("./tags-store");
    other.restoreTags("editor", []);
    expect(other.tagsStore.get()).toMatchObject({ views: [], titles: {} });
  });

  it("a page that told its title before the tabs were restored keeps the one it told", async () => {
    const stored = new Map([
      [
        "tags-view",
        JSON.stringify({ owner: "admin", views: [tab("/store/edit/1")], titles: { "/store/edit/1": EDIT_A } }),
      ],
    ]);
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    const tags = await import("./tags-store");
    const renamed = { ...EDIT_A, label: "B" };
    (await import("./view-titles")).publishViewTitle("/store/edit/1", renamed);
    tags.restoreTags("admin", []);
    expect(tags.tagsStore.get().titles).toEqual({ "/store/edit/1": renamed });
  });
});
