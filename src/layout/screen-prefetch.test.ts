import { describe, expect, it, vi } from "vitest";
import type { PageDef } from "./page-table";
import {
  createScreenPrefetch,
  pagesToPrefetch,
  SETTLE_MAX_RETRIES,
  SETTLE_RETRY_MS,
  visibleLeaves,
  whenSettled,
  type PrefetchDeps,
} from "./screen-prefetch";
import type { SidebarEntry } from "./sidebar-items";

const leaf = (key: string, href?: string): SidebarEntry => ({
  kind: "leaf",
  key,
  titleKey: `menu${key}`,
  ...(href ? { href } : {}),
});
const group = (key: string, children: SidebarEntry[]): SidebarEntry => ({
  kind: "group",
  key,
  titleKey: `menu${key}`,
  children,
});

// 产品追溯系统 → 组织机构 → 人员管理 → 账号管理, as the bench opens it; a top-level leaf and an external link.
const SIDEBAR: readonly SidebarEntry[] = [
  group("/home", [
    group("/home/base", [leaf("/productlist"), leaf("/store")]),
    group("/home/organ", [group("/home/organ/staff", [leaf("/stafflist"), leaf("/rolemanage")]), leaf("/tree")]),
  ]),
  leaf("/dashboard"),
  leaf("/home/docs", "https://example.com/docs"),
];

const page = (name: string, path: string): PageDef => ({
  name,
  path,
  ancestors: [],
  meta: { titleKey: `menu.${name}`, roles: [], affix: false, noCache: false },
  load: () => Promise.resolve({ default: () => null }),
});
const PAGES = [
  page("dashboard", "/dashboard"),
  ...["productlist", "store", "stafflist", "rolemanage", "tree"].flatMap((name) => [
    page(name, `/${name}`),
    page(`${name}.create`, `/${name}/create`),
    page(`${name}.edit`, `/${name}/edit/:id`),
  ]),
];
const names = (pages: readonly PageDef[]) => pages.map((p) => p.name);

describe("which screens are loaded ahead", () => {
  it.each([
    { given: "every group closed (the dashboard after sign-in)", open: [], want: ["/dashboard"] },
    { given: "the top group open", open: ["/home"], want: ["/dashboard"] },
    { given: "a submenu open", open: ["/home", "/home/base"], want: ["/productlist", "/store", "/dashboard"] },
    {
      given: "the bench's path to 账号管理",
      open: ["/home", "/home/organ", "/home/organ/staff"],
      want: ["/stafflist", "/rolemanage", "/tree", "/dashboard"],
    },
    { given: "a submenu open under a closed group", open: ["/home/base"], want: ["/dashboard"] },
  ])("the leaves shown with $given", ({ open, want }) => {
    expect(visibleLeaves(SIDEBAR, new Set(open))).toEqual(want);
  });

  it("are the list pages of the leaves shown, never an external link, a record's page or one not permitted", () => {
    const permitted = PAGES.filter((p) => p.name !== "rolemanage");
    expect(names(pagesToPrefetch(SIDEBAR, ["/home", "/home/organ", "/home/organ/staff"], permitted))).toEqual([
      "stafflist",
      "tree",
      "dashboard",
    ]);
  });
});

describe("createScreenPrefetch", () => {
  function setUp(saveData = false) {
    const idle: (() => void)[] = [];
    const deps = {
      whenIdle: vi.fn((work: () => void) => void idle.push(work)),
      saveData: () => saveData,
      loadScreenKit: vi.fn(() => Promise.resolve()),
      loadPage: vi.fn<(page: PageDef) => Promise<void>>(() => Promise.resolve()),
    } satisfies PrefetchDeps;
    const runIdle = () => idle.splice(0).forEach((work) => work());
    return { deps, prefetch: createScreenPrefetch(deps), runIdle };
  }

  it("waits for the browser to be idle, then loads the kit and the pages", () => {
    const { deps, prefetch, runIdle } = setUp();
    prefetch(PAGES.slice(0, 2));
    expect(deps.loadScreenKit).not.toHaveBeenCalled();
    expect(deps.loadPage).not.toHaveBeenCalled();
    runIdle();
    expect(deps.loadScreenKit).toHaveBeenCalledTimes(1);
    expect(deps.loadPage.mock.calls.map(([p]) => p.name)).toEqual(["dashboard", "productlist"]);
  });

  it("runs once: the kit and each page are asked for once, however often the sidebar renders", () => {
    const { deps, prefetch, runIdle } = setUp();
    prefetch(PAGES.slice(0, 2));
    prefetch(PAGES.slice(0, 2));
    runIdle();
    prefetch(PAGES.slice(0, 2));
    runIdle();
    expect(deps.whenIdle).toHaveBeenCalledTimes(1);
    expect(deps.loadScreenKit).toHaveBeenCalledTimes(1);
    expect(deps.loadPage).toHaveBeenCalledTimes(2);
  });

  it("loads only the pages a newly opened submenu shows", () => {
    const { deps, prefetch, runIdle } = setUp();
    prefetch(pagesToPrefetch(SIDEBAR, [], PAGES));
    runIdle();
    prefetch(pagesToPrefetch(SIDEBAR, ["/home", "/home/base"], PAGES));
    runIdle();
    expect(deps.loadPage.mock.calls.map(([p]) => p.name)).toEqual(["dashboard", "productlist", "store"]);
    expect(deps.loadScreenKit).toHaveBeenCalledTimes(1);
  });

  it("loads the kit even when no screen shows yet", () => {
    const { deps, prefetch, runIdle } = setUp();
    prefetch([]);
    runIdle();
    expect(deps.loadScreenKit).toHaveBeenCalledTimes(1);
    expect(deps.loadPage).not.toHaveBeenCalled();
  });

  it("loads nothing when the connection asks to save data", () => {
    const { deps, prefetch, runIdle } = setUp(true);
    prefetch(PAGES);
    runIdle();
    expect(deps.whenIdle).not.toHaveBeenCalled();
    expect(deps.loadScreenKit).not.toHaveBeenCalled();
    expect(deps.loadPage).not.toHaveBeenCalled();
  });

  it("leaves a failed load to the click", async () => {
    const { deps, prefetch, runIdle } = setUp();
    deps.loadPage.mockImplementation(() => Promise.reject(new Error("offline")));
    deps.loadScreenKit.mockImplementation(() => Promise.reject(new Error("offline")));
    prefetch(PAGES.slice(0, 1));
    expect(runIdle).not.toThrow();
    await Promise.resolve(); // no unhandled rejection
  });
});

describe("whenSettled: the page's own calls come first", () => {
  it("waits while a call is out, then runs once the console is quiet", () => {
    vi.useFakeTimers();
    try {
      let out = 1;
      const work = vi.fn();
      whenSettled(
        (next) => next(),
        () => out > 0,
      )(work);
      vi.advanceTimersByTime(SETTLE_RETRY_MS * 3);
      expect(work).not.toHaveBeenCalled();
      out = 0;
      vi.advanceTimersByTime(SETTLE_RETRY_MS);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs anyway after its last look, for a page that is never quiet", () => {
    vi.useFakeTimers();
    try {
      const work = vi.fn();
      whenSettled(
        (next) => next(),
        () => true,
      )(work);
      vi.advanceTimersByTime(SETTLE_RETRY_MS * (SETTLE_MAX_RETRIES - 1));
      expect(work).not.toHaveBeenCalled();
      vi.advanceTimersByTime(SETTLE_RETRY_MS);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
