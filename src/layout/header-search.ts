// spec §2, §9 header search: fuse.js over the pages the user may open, by title (0.7) and path (0.3),
// threshold 0.4. Chinese titles are also searchable by pinyin, full ("chanpin") or initials ("cplb").
import Fuse from "fuse.js";
import { SEARCH } from "../settings";
import type { MenuIndex } from "./menu-index";
import type { PageDef } from "./page-table";

export interface SearchItem {
  readonly path: string;
  /** The page's title, then its pinyin forms, then the titles above it. */
  readonly title: readonly string[];
  /** Titles from the top of the tree down to the page, for display. */
  readonly trail: readonly string[];
}

/** Pinyin forms of a text (e.g. ["chanpinliebiao", "cplb"]), or [] when it has no Han characters. */
export type PinyinOf = (text: string) => readonly string[];

const HAN = /\p{Script=Han}/u;

export function buildSearchPool(
  pages: readonly PageDef[],
  index: MenuIndex,
  translate: (key: string) => string,
  pinyinOf?: PinyinOf,
): SearchItem[] {
  return pages
    .filter((page) => !page.path.includes(":") && (page.view ?? "list") === "list")
    .filter((page) => !(page.menu && index.byName.get(page.menu)?.hidden) && page.name !== "profile")
    .map((page) => {
      const own = translate(page.meta.titleKey);
      const above = page.ancestors
        .filter((name) => name !== page.menu)
        .map((name) => index.byName.get(name))
        .flatMap((node) => (node ? [translate(node.meta.titleKey)] : []));
      const pinyin = pinyinOf && HAN.test(own) ? pinyinOf(own) : [];
      return { path: page.path, title: [own, ...pinyin, ...above], trail: [...above, own] };
    });
}

export function createSearcher(pool: readonly SearchItem[]): (query: string) => SearchItem[] {
  const fuse = new Fuse(pool, {
    shouldSort: true,
    threshold: SEARCH.threshold,
    minMatchCharLength: 1,
    keys: [
      { name: "title", weight: SEARCH.titleWeight },
      { name: "path", weight: SEARCH.pathWeight },
    ],
  });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((result) => result.item) : []);
}
