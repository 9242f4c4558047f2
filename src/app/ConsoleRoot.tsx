// The signed-in console, its own chunk (issue 14): refine with the console's providers, the
// ended-session prompt, the route guard and the layout. The login and the public pages load
// without any of it.
import { SessionGuard } from "../layout/SessionGuard";
import { Layout } from "../layout/Layout";
import { RefineRoot } from "./RefineRoot";
import { SessionEndedPrompt } from "./SessionEndedPrompt";

export default function ConsoleRoot() {
  return (
    <RefineRoot>
      <SessionEndedPrompt />
      <SessionGuard>
        <Layout />
      </SessionGuard>
    </RefineRoot>
  );
}
