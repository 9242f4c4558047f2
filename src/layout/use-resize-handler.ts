// spec §4: below 992 px the device is mobile; turning mobile closes the sidebar without animation;
// navigating on mobile closes an open sidebar; resizes are ignored while the page is hidden.
import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router-dom";
import { LAYOUT } from "../settings";
import { appStore, closeSidebar, setDevice } from "../state/app-store";

export const isMobileWidth = (width: number): boolean => width - 1 < LAYOUT.mobileBreakpoint;

export function useResizeHandler(): void {
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    const check = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth(document.body.getBoundingClientRect().width);
      setDevice(mobile ? "mobile" : "desktop");
      if (mobile) closeSidebar(true);
    };
    check();
    window.addEventListener("resize", check);
    return () => window.removeEventListener("resize", check);
  }, []);

  useEffect(() => {
    const { device, sidebar } = appStore.get();
    if (device === "mobile" && sidebar.opened) closeSidebar(false);
  }, [pathname]);
}
