// What the tab actions do to the tabs and where they lead (spec §2).
import { App } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { markDirty } from "../state/dirty-forms";
import { confirmDiscard } from "./confirm-discard";
import { PATHS } from "../settings";
import { setViews, tagsStore } from "../state/tags-store";
import { closeAll, closeOthers, closeView, landingAfterClose, type VisitedView } from "../state/visited-views";

export interface TagActions {
  refresh(view: VisitedView): Promise<void>;
  close(view: VisitedView): Promise<void>;
  closeOthers(view: VisitedView): Promise<void>;
  closeAll(): Promise<void>;
}

export function useTagActions(): TagActions {
  const navigate = useNavigate();
  // The address bar, not the last rendered location: a navigation may still be rendering.
  const current = () => window.location.pathname;
  const settle = () => {
    const target = landingAfterClose(tagsStore.get().views, current(), "/");
    if (target) navigate(target);
  };
  const { modal } = App.useApp();
  const { t, i18n } = useTranslation();
  /** Asks before a page's unsaved form input goes; forgets it once agreed. */
  const discard = async (paths: readonly string[]) => {
    if (!(await confirmDiscard(modal, t, i18n.language, paths))) return false;
    paths.forEach((path) => markDirty(path, false));
    return true;
  };
  const others = (view: VisitedView) =>
    tagsStore
      .get()
      .views.filter((v) => v.path !== view.path && !v.affix)
      .map((v) => v.path);
  return {
    refresh: async (view) => {
      if (await discard([view.path])) navigate(`${PATHS.redirect}${view.fullPath}`, { replace: true });
    },
    close: async (view) => {
      if (!(await discard([view.path]))) return;
      setViews((views) => closeView(views, view.path));
      settle();
    },
    closeOthers: async (view) => {
      if (!(await discard(others(view)))) return;
      setViews((views) => closeOthers(views, view.path));
      if (view.path !== current()) navigate(view.fullPath);
    },
    closeAll: async () => {
      if (
        !(await discard(
          tagsStore
            .get()
            .views.filter((v) => !v.affix)
            .map((v) => v.path),
        ))
      )
        return;
      setViews(closeAll);
      settle();
    },
  };
}
