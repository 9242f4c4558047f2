import { describe, expect, it } from "vitest";
import { matchPage, type PageDef } from "./page-table";

const page = (name: string, path: string): PageDef => ({
  name,
  path,
  ancestors: [],
  meta: { titleKey: name, roles: [], affix: false, noCache: false },
  load: () => Promise.resolve({ default: () => null }),
});

describe("matchPage", () => {
  const pages = [page("edit", "/store/edit/:id"), page("create", "/store/create"), page("list", "/store")];

  it("ranks static segments before :params and gives the params", () => {
    expect(matchPage(pages, "/store/create")?.page.name).toBe("create");
    expect(matchPage(pages, "/store/edit/7")).toMatchObject({ page: { name: "edit" }, params: { id: "7" } });
    expect(matchPage(pages, "/nowhere")).toBeUndefined();
  });

  it("answers a repeated question from what it found, and a new page table afresh", () => {
    const first = matchPage(pages, "/store/edit/7");
    expect(matchPage(pages, "/store/edit/7")).toBe(first);
    expect(matchPage(pages, "/nowhere")).toBeUndefined();
    const fewer = pages.filter((p) => p.name !== "edit"); // roles changed: a new table
    expect(matchPage(fewer, "/store/edit/7")).toBeUndefined();
    expect(matchPage(pages, "/store/edit/7")).toBe(first);
  });
});
