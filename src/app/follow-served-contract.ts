// Development only (issue 16 item 1): when the manifest watch says the mock server serves the
// regenerated contract, the roles are loaded again, so a new menu entry appears in the open console
// with its session, tabs and unsaved forms as they were. The generated modules themselves arrive
// as Vite hot updates. A production build has no `import.meta.hot`, and this is left out of it.
import { CONTRACT_SERVED_EVENT } from "../../schema/contract/live-contract";
import { reloadRoles } from "../api/session";

export function followServedContract(): void {
  if (import.meta.hot) import.meta.hot.on(CONTRACT_SERVED_EVENT, () => void reloadRoles());
}
