// The open tabs (spec §2) and what their pages show, kept across reloads for the same account and
// dropped at logout or when another account logs in.
import type { ViewTitle } from "../screen-kit/screen-host";
import { readJson, removeKey, writeJson } from "./browser-storage";
import { createStore } from "./create-store";
import { addView, type VisitedView } from "./visited-views";

const TAGS_KEY = "tags-view";

type ViewTitles = Readonly<Record<string, ViewTitle>>;

interface StoredTags {
  readonly owner: string;
  readonly views: readonly VisitedView[];
  readonly titles?: ViewTitles;
}

export interface TagsState {
  readonly views: readonly VisitedView[];
  /** Bumped by a refresh: the page's key changes and it remounts. */
  readonly generations: Readonly<Record<string, number>>;
  /**
   * What each open create, edit or detail page shows (state/view-titles), by path: kept with the
   * tabs, so a tab that is not opened again after a reload keeps its record's name.
   */
  readonly titles: ViewTitles;
}

let owner = "";

export const tagsStore = createStore<TagsState>({ views: [], generations: {}, titles: {} }, (state) => {
  if (owner) writeJson(TAGS_KEY, { owner, views: state.views, titles: state.titles } satisfies StoredTags);
});

/** Stored JSON may come from an older build: its views are read only if they are a list. */
const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);
const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The titles kept for `views`; a page that has already told its title (it renders first) keeps that one. */
function titlesFor(views: readonly VisitedView[], stored: unknown, told: ViewTitles): ViewTitles {
  const open = new Set(views.map((view) => view.path));
  const kept = isRecord(stored) ? Object.entries(stored).filter(([path]) => open.has(path)) : [];
  return { ...(Object.fromEntries(kept) as ViewTitles), ...told };
}

/** After the session is known: restore this account's tabs, drop another account's. */
export function restoreTags(account: string, pinned: readonly VisitedView[]): void {
  owner = account;
  const stored = readJson<StoredTags>(TAGS_KEY);
  const views = stored?.owner === account && isList(stored.views) ? stored.views : [];
  // Pinned tabs first, in their declared order, then the restored ones.
  let merged: VisitedView[] = [...pinned];
  for (const view of views) if (!view.affix) merged = addView(merged, view);
  const titles = titlesFor(merged, stored?.owner === account ? stored.titles : undefined, tagsStore.get().titles);
  tagsStore.set({ views: merged, generations: {}, titles });
}

export function clearTags(): void {
  owner = "";
  removeKey(TAGS_KEY);
  tagsStore.set({ views: [], generations: {}, titles: {} });
}

export function setViews(update: (views: readonly VisitedView[]) => readonly VisitedView[]): void {
  tagsStore.set((state) => {
    const views = update(state.views);
    return views === state.views ? state : { ...state, views };
  });
}

/** spec §2 /redirect: the page under `path` remounts. */
export function bumpGeneration(path: string): void {
  tagsStore.set((state) => ({
    ...state,
    generations: { ...state.generations, [path]: (state.generations[path] ?? 0) + 1 },
  }));
}
