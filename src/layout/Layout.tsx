// spec §2 layout: sidebar, navbar (which opens the settings panel), tags view and the kept-alive main area.
import { useRef } from "react";
import "./layout.css";
import { appStore, closeSidebar } from "../state/app-store";
import { useStore } from "../state/create-store";
import { settingsStore } from "../state/settings-store";
import { userStore } from "../state/user-store";
import { AppMain } from "./AppMain";
import { Navbar } from "./Navbar";
import { ProgressBar } from "./ProgressBar";
import { ShellRoutesContext, useShellRoutes } from "./shell-routes";
import { Sidebar } from "./Sidebar";
import { TagsView } from "./TagsView";
import { usePageTitle } from "./use-page-title";
import { useResizeHandler } from "./use-resize-handler";
import { useShellRoutesValue } from "./use-shell-routes-value";
import { useVisitedViews } from "./use-visited-views";

const NO_ROLES: readonly string[] = [];

export function Layout() {
  const roles = useStore(userStore, (u) => u.roles) ?? NO_ROLES;
  const routes = useShellRoutesValue(roles);
  return (
    <ShellRoutesContext.Provider value={routes}>
      <LayoutFrame />
    </ShellRoutesContext.Provider>
  );
}

function LayoutFrame() {
  const account = useStore(userStore, (u) => u.name);
  const sidebar = useStore(appStore, (s) => s.sidebar);
  const device = useStore(appStore, (s) => s.device);
  const settings = useStore(settingsStore);
  const scroller = useRef<HTMLDivElement>(null);
  useResizeHandler();
  useVisitedViews(account);
  usePageTitle(useShellRoutes().pages);
  const classes = [
    "app-wrapper",
    sidebar.opened ? "openSidebar" : "hideSidebar",
    sidebar.withoutAnimation ? "withoutAnimation" : "",
    device === "mobile" ? "mobile" : "",
  ].join(" ");

  return (
    <div className={classes}>
      <ProgressBar />
      {device === "mobile" && sidebar.opened && <div className="drawer-bg" onClick={() => closeSidebar(false)} />}
      <Sidebar />
      <div className={`main-container${settings.tagsView ? " hasTagsView" : ""}`} ref={scroller}>
        <div className={settings.fixedHeader ? "fixed-header" : "static-header"}>
          <Navbar />
          {settings.tagsView && <TagsView />}
        </div>
        <AppMain scroller={scroller} />
      </div>
    </div>
  );
}
