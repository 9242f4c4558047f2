// The signed-in console, its own chunk: the signed-in roles for the permission check,
// antd's <App> (its messages, modals and notifications, refine's errors among them), refine with
// the console's providers, the ended-session prompt, the route guard and the layout. The login and
// the public pages load without any of it.
import { App as AntApp } from "antd";
import type { ReactNode } from "react";
import { SessionGuard } from "../layout/SessionGuard";
import { Layout } from "../layout/Layout";
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from "./message-config";
import { RefineRoot } from "./RefineRoot";
import { SessionEndedPrompt } from "./SessionEndedPrompt";
import { SignedInRoles } from "./SignedInRoles";
import { ShellMessageContext } from "./shell-message";
import { loadComponent } from "./use-loaded-component";
import { pageKey, shellPages } from "../layout/page-table";

// Every sign-in lands on the dashboard (or has it as its pinned first tab): its chunk loads with
// the console's, not after the console's first render asks for it. Not awaited; a
// failure is left to PageHost, which loads again.
const dashboard = shellPages.find((page) => page.name === "dashboard");
if (dashboard) void loadComponent(pageKey(dashboard), dashboard.load).catch(() => undefined);

export default function ConsoleRoot() {
  return (
    // No element of its own: app/ThemeRoot gives the text style (spec §8, §9: messages stay 5 s).
    <SignedInRoles>
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
    </SignedInRoles>
  );
}

/** The shell's own messages (app/shell-message) go through <App> too, as one stack with the rest. */
function ConsoleMessages({ children }: { readonly children: ReactNode }) {
  const { message } = AntApp.useApp();
  return <ShellMessageContext.Provider value={message}>{children}</ShellMessageContext.Provider>;
}
