// What a screen tells the page that hosts it, and the one thing it asks of it. The shell provides it
// where it renders a page (layout/PageHost), bound to that page's path and backed by its stores:
// the screen kit and the overrides import none of the shell's modules. Outside a host (a test) a
// screen tells nobody and finds no page.
import { createContext, useContext, useEffect, useMemo } from "react";

export type ViewKind = "create" | "edit" | "show";

/**
 * What a create, edit or detail page shows. One name for it everywhere: its card, its tab, the last
 * level of the breadcrumb, the document title and the dialogs that list open pages.
 */
export interface ViewTitle {
  readonly kind: ViewKind;
  /** The resource's title key ("resource.warehouses"). */
  readonly titleKey: string;
  /** The record's label field value, once loaded (edit and show). */
  readonly label?: string;
}

/** Where a page of the console is, and the roles it asks for. */
export interface PageLink {
  readonly path: string;
  readonly roles: readonly string[];
}

export interface ScreenHost {
  /** The page shows this. */
  readonly showTitle: (title: ViewTitle) => void;
  /** The page holds form input nobody has saved (true), or no longer does: closing its tab asks first. */
  readonly markDirty: (dirty: boolean) => void;
  /** Another page by its route name, whether or not the user may open it; undefined if none. */
  readonly findPage: (name: string) => PageLink | undefined;
}

const noHost: ScreenHost = { showTitle: () => {}, markDirty: () => {}, findPage: () => undefined };

export const ScreenHostContext = createContext<ScreenHost>(noHost);

export const useScreenHost = (): ScreenHost => useContext(ScreenHostContext);

/** The words of a view title in the current language: "新增仓库", "编辑仓库 · 成品一仓", "仓库详情 · 成品一仓". */
export function viewTitleText(t: (key: string, values?: Record<string, unknown>) => string, title: ViewTitle): string {
  const head = t(`screens.viewTitle.${title.kind}`, { title: t(title.titleKey) });
  return title.label ? `${head} · ${title.label}` : head;
}

/**
 * A create, edit or detail page says what it is, and which record it shows by the resource's label
 * field (`label`, empty until the record has loaded); the screen titles its card with what it returns.
 * The host keeps it after the page's effects end: a kept page that is hidden ends its effects too,
 * and its tab keeps its title.
 */
export function usePublishViewTitle(kind: ViewKind, titleKey: string, label: unknown): ViewTitle {
  const { showTitle } = useScreenHost();
  const text = typeof label === "string" || typeof label === "number" ? String(label) : undefined;
  const title = useMemo(() => ({ kind, titleKey, ...(text ? { label: text } : {}) }), [kind, titleKey, text]);
  useEffect(() => showTitle(title), [showTitle, title]);
  return title;
}
