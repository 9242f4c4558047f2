// spec §8: uncaught errors and unhandled rejections go to the error log (render errors come from
// the page error boundaries).
import { addErrorLog } from "./error-log-store";

let installed = false;

export function installErrorCapture(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener("error", (event) => {
    addErrorLog(
      event.error ?? event.message,
      `uncaught error at ${event.filename || "?"}:${event.lineno}:${event.colno}`,
    );
  });
  target.addEventListener("unhandledrejection", (event) => {
    addErrorLog(event.reason, "unhandled promise rejection");
  });
}
