// The signed-in console (refine, the guard, the layout: app/ConsoleRoot) as its own chunk, loaded
// by hand (use-loaded-component) so its first render is not held back by React's Suspense
// throttle; the login starts loading it with the sign-in call. The console part of the
// language's messages and dayjs's locale, which only the console needs, load with it and are in
// place before it renders.
import { Spin } from "antd";
import { enableConsoleLanguage } from "../i18n/i18n";
import { addErrorLog } from "../state/error-log-store";
import { setConsolePreload } from "./console-preload";
import { preloadErrorResult } from "./ErrorBoundary";
import { loadComponent, useLoadedComponent } from "./use-loaded-component";

const KEY = "console-root";
// A language part that cannot be loaded is logged; the console still starts (keys, dates in English).
const consoleLanguage = () =>
  enableConsoleLanguage().catch((error: unknown) => addErrorLog(error, "loading the console's language"));
const load = () => {
  preloadErrorResult(); // not awaited: the console paints without it (ErrorBoundary)
  return Promise.all([import("./ConsoleRoot"), consoleLanguage()]).then(([module]) => module);
};

// The login starts loading the console ahead of its route, while its call is out; a failure shows
// when the route renders.
setConsolePreload(() => {
  loadComponent(KEY, load).catch(() => undefined);
});

export default function ConsoleRootEntry() {
  const ConsoleRoot = useLoadedComponent(KEY, load);
  // eslint-disable-next-line react-hooks/static-components -- one component per chunk, held in the hook's state: its identity never changes
  return ConsoleRoot ? <ConsoleRoot /> : <Spin fullscreen />;
}
