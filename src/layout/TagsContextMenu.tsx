// spec §2, §9: the tab context menu (width 105): refresh, close, close others, close all.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { TAGS_VIEW } from "../settings";
import type { VisitedView } from "../state/visited-views";
import type { TagActions } from "./use-tag-actions";

export interface ContextMenuAt {
  readonly x: number;
  readonly y: number;
  readonly view: VisitedView;
}

interface Props {
  readonly at: ContextMenuAt;
  readonly actions: TagActions;
  readonly onClose: () => void;
}

export function TagsContextMenu({ at, actions, onClose }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    const close = () => onClose();
    // The menu belongs to the tab it was opened on: when the strip scrolls (the wheel) or anything
    // scrolls or resizes under it, it closes instead of floating over another tab.
    const moved = ["wheel", "scroll", "resize"] as const;
    document.addEventListener("click", close);
    for (const event of moved) window.addEventListener(event, close, { capture: true, passive: true });
    return () => {
      document.removeEventListener("click", close);
      for (const event of moved) window.removeEventListener(event, close, { capture: true });
    };
  }, [onClose]);

  // The original's placement: 15 px right of the pointer, never past the right edge.
  const left = Math.min(at.x + 15, window.innerWidth - TAGS_VIEW.contextMenuWidth);
  const entries: [string, () => Promise<void>, boolean][] = [
    ["refresh", () => actions.refresh(at.view), true],
    ["close", () => actions.close(at.view), !at.view.affix],
    ["closeOthers", () => actions.closeOthers(at.view), true],
    ["closeAll", () => actions.closeAll(), true],
  ];
  return (
    <ul className="tags-contextmenu" role="menu" style={{ left, top: at.y, width: TAGS_VIEW.contextMenuWidth }}>
      {entries
        .filter(([, , shown]) => shown)
        .map(([key, run]) => (
          <li
            key={key}
            role="menuitem"
            onClick={() => {
              // The action may wait on its dialog; a failure reaches the error log (unhandledrejection).
              void run();
              onClose();
            }}
          >
            {t(`shell.tagsView.${key}`)}
          </li>
        ))}
    </ul>
  );
}
