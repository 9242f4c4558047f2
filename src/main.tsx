// Entry: base styles, i18n, error capture, then the console.
import { unstableSetRender } from "antd";
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { App } from "./App";
import { followServedContract } from "./app/follow-served-contract";
import "./i18n/i18n";
import "./layout/global.css";
import { installErrorCapture } from "./state/error-capture";

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
followServedContract();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
