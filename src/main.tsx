// Entry: base styles, error capture, the shell's stores following the session (before the login
// can sign in), the language shown (loaded before the first render, so no key flashes), then the
// console.
import { unstableSetRender } from "antd";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { App } from "./App";
import { startI18n } from "./i18n/i18n";
import { followServedContract } from "./app/follow-served-contract";
import "./layout/global.css";
import { installErrorCapture } from "./state/error-capture";
import { addErrorLog } from "./state/error-log-store";
import { followSession } from "./state/follow-session";

// antd 5 renders its static pop-ups with React 18's API; give it React 19's root (antd's documented hook).
unstableSetRender((node, container) => {
  const host = container as Element & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

installErrorCapture();
followSession();
followServedContract();

const render = () =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A language whose chunk cannot be loaded is logged; the console still starts (i18next shows keys).
startI18n().then(render, (error: unknown) => {
  addErrorLog(error, "loading the interface language");
  render();
});
