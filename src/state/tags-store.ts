// The open tabs (spec §2), kept across reloads for the same account and dropped at logout
// or when another account logs in.
import { readJson, removeKey, writeJson } from "./browser-storage";
import { createStore } from "./create-store";
import { addView, type VisitedView } from "./visited-views";

const TAGS_KEY = "tags-view";

interface StoredTags {
  readonly owner: string;
  readonly views: readonly VisitedView[];
}

export interface TagsState {
  readonly views: readonly VisitedView[];
  /** Bumped by a refresh: the page's key changes and it remounts. */
  readonly generations: Readonly<Record<string, number>>;
}

let owner = "";

export const tagsStore = createStore<TagsState>({ views: [], generations: {} }, (state) => {
  if (owner) writeJson(TAGS_KEY, { owner, views: state.views } satisfies StoredTags);
});

/** Stored JSON may come from an older build: its views are read only if they are a list. */
const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/** After the session is known: restore this account's tabs, drop another account's. */
export function restoreTags(account: string, pinned: readonly VisitedView[]): void {
  owner = account;
  const stored = readJson<StoredTags>(TAGS_KEY);
  const views = stored?.owner === account && isList(stored.views) ? stored.views : [];
  // Pinned tabs first, in their declared order, then the restored ones.
  let merged: VisitedView[] = [...pinned];
  for (const view of views) if (!view.affix) merged = addView(merged, view);
  tagsStore.set({ views: merged, generations: {} });
}

export function clearTags(): void {
  owner = "";
  removeKey(TAGS_KEY);
  tagsStore.set({ views: [], generations: {} });
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
