// Where the public pages' messages render (app/shell-message): antd's message hook, loaded with the
// first message, inside the theme's ConfigProvider so it takes the theme and the size as antd's
// <App> would.
import { useEffect, useState, type ComponentType } from "react";
import { addErrorLog } from "../state/error-log-store";
import { onFirstMessage } from "./shell-message";

export function PublicMessageHost() {
  const [Holder, setHolder] = useState<ComponentType>();
  useEffect(
    () =>
      onFirstMessage(() => {
        import("./MessageHolder").then(
          (module) => setHolder(() => module.MessageHolder),
          (error: unknown) => addErrorLog(error, "loading the message component"),
        );
      }),
    [],
  );
  return Holder ? <Holder /> : null;
}
