// spec §2 tags view: a tab per visited page; the pinned dashboard has no close button; middle-click
// closes; right-click opens refresh / close / close others / close all.
import { CloseOutlined } from "@ant-design/icons";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { useStore } from "../state/create-store";
import { tagsStore } from "../state/tags-store";
import type { VisitedView } from "../state/visited-views";
import { pageName, useViewTitle } from "../state/view-titles";
import { ScrollPane } from "./ScrollPane";
import { TagsContextMenu, type ContextMenuAt } from "./TagsContextMenu";
import { useTagActions } from "./use-tag-actions";

export function TagsView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const views = useStore(tagsStore, (s) => s.views);
  const actions = useTagActions();
  const [menu, setMenu] = useState<ContextMenuAt | null>(null);
  const activeIndex = views.findIndex((view) => view.path === pathname);

  const onMiddle = (event: MouseEvent, view: VisitedView) => {
    if (event.button !== 1) return;
    event.preventDefault();
    // A tab action asks first and may wait on the dialog; a failure reaches the error log (unhandledrejection).
    if (!view.affix) void actions.close(view);
  };

  return (
    <nav className="tags-view-container" aria-label="tags">
      <ScrollPane activeIndex={activeIndex} count={views.length}>
        {views.map((view) => (
          <Link
            key={view.path}
            to={view.fullPath}
            className={`tags-view-item${view.path === pathname ? " active" : ""}`}
            data-path={view.path}
            onMouseDown={(event) => event.button === 1 && event.preventDefault()}
            onAuxClick={(event) => onMiddle(event, view)}
            onContextMenu={(event) => {
              event.preventDefault();
              setMenu({ x: event.clientX, y: event.clientY, view });
            }}
          >
            <TagTitle view={view} />
            {!view.affix && (
              <CloseOutlined
                className="tags-view-close"
                aria-label={t("shell.tagsView.close")}
                onClick={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  void actions.close(view);
                }}
              />
            )}
          </Link>
        ))}
      </ScrollPane>
      {menu && <TagsContextMenu at={menu} actions={actions} onClose={() => setMenu(null)} />}
    </nav>
  );
}

/** A tab says what its page shows: "编辑仓库 · 成品一仓", not the menu's title four times. */
function TagTitle({ view }: { readonly view: VisitedView }) {
  const { t } = useTranslation();
  return <>{pageName(t, view.titleKey, useViewTitle(view.path))}</>;
}
