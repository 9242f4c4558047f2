// The signed-in console, its own chunk (issue 14): antd's <App> (its messages, modals and
// notifications, refine's errors among them), refine with the console's providers, the
// ended-session prompt, the route guard and the layout. The login and the public pages load
// without any of it.
import { App as AntApp } from "antd";
import type { ReactNode } from "react";
import { SessionGuard } from "../layout/SessionGuard";
import { Layout } from "../layout/Layout";
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from "./message-config";
import { RefineRoot } from "./RefineRoot";
import { SessionEndedPrompt } from "./SessionEndedPrompt";
import { ShellMessageContext } from "./shell-message";

export default function ConsoleRoot() {
  return (
    // No element of its own: app/ThemeRoot gives the text style (spec §8, §9: messages stay 5 s).
    <AntApp component={false} message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
      <ConsoleMessages>
        <RefineRoot>
          <SessionEndedPrompt />
          <SessionGuard>
            <Layout />
          </SessionGuard>
        </RefineRoot>
      </ConsoleMessages>
    </AntApp>
  );
}

/** The shell's own messages (app/shell-message) go through <App> too, as one stack with the rest. */
function ConsoleMessages({ children }: { readonly children: ReactNode }) {
  const { message } = AntApp.useApp();
  return <ShellMessageContext.Provider value={message}>{children}</ShellMessageContext.Provider>;
}
