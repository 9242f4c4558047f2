// The signed-in console (refine, the guard, the layout: app/ConsoleRoot) as its own chunk, loaded
// by hand (use-loaded-component) so its first render is not held back by React's Suspense
// throttle; the login starts loading it with the sign-in call (issue 14 §3).
import { Spin } from "antd";
import { setConsolePreload } from "./console-preload";
import { loadComponent, useLoadedComponent } from "./use-loaded-component";

const KEY = "console-root";
const load = () => import("./ConsoleRoot");

// The login starts loading the console ahead of its route, while its call is out; a failure shows
// when the route renders.
setConsolePreload(() => loadComponent(KEY, load).catch(() => undefined));

export default function ConsoleRootEntry() {
  const ConsoleRoot = useLoadedComponent(KEY, load);
  return ConsoleRoot ? <ConsoleRoot /> : <Spin fullscreen />;
}
