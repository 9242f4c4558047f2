// What a screen tells the page that hosts it, and the one thing it asks of it. The shell provides it
// where it renders a page (layout/PageHost), bound to that page's path and backed by its stores:
// the screen kit and the overrides import none of the shell's modules. Outside a host (a test) a
// screen tells nobody and finds no page.
import { createContext, useContext, useEffect } from "react";

export type ViewKind = "create" | "edit" | "show";

/** What a create, edit or detail page shows, for its tab and the document title. */
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

/**
 * A create, edit or detail page says what it is, and which record it shows by the resource's label
 * field (`label`, empty until the record has loaded). The host keeps it after the page's effects end:
 * a kept page that is hidden ends its effects too, and its tab keeps its title.
 */
export function usePublishViewTitle(kind: ViewKind, titleKey: string, label: unknown): void {
  const { showTitle } = useScreenHost();
  const text = typeof label === "string" || typeof label === "number" ? String(label) : undefined;
  useEffect(() => {
    showTitle({ kind, titleKey, ...(text ? { label: text } : {}) });
  }, [showTitle, kind, titleKey, text]);
}
