// What the tab actions do to the tabs and where they lead (spec §2).
import { useNavigate } from "react-router-dom";
import { PATHS } from "../settings";
import { setViews, tagsStore } from "../state/tags-store";
import { closeAll, closeOthers, closeView, landingAfterClose, type VisitedView } from "../state/visited-views";

export interface TagActions {
  refresh(view: VisitedView): void;
  close(view: VisitedView): void;
  closeOthers(view: VisitedView): void;
  closeAll(): void;
}

export function useTagActions(): TagActions {
  const navigate = useNavigate();
  // The address bar, not the last rendered location: a navigation may still be rendering.
  const current = () => window.location.pathname;
  const settle = () => {
    const target = landingAfterClose(tagsStore.get().views, current(), "/");
    if (target) navigate(target);
  };
  return {
    refresh: (view) => navigate(`${PATHS.redirect}${view.fullPath}`, { replace: true }),
    close: (view) => {
      setViews((views) => closeView(views, view.path));
      settle();
    },
    closeOthers: (view) => {
      setViews((views) => closeOthers(views, view.path));
      if (view.path !== current()) navigate(view.fullPath);
    },
    closeAll: () => {
      setViews(closeAll);
      settle();
    },
  };
}
