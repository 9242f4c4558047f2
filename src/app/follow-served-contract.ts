// Development only: when the manifest watch says the mock server serves the
// regenerated contract, the roles are loaded again, so a new menu entry appears in the open console
// with its session, tabs and unsaved forms as they were. The generated modules arrived before as
// Vite hot updates and were held (state/held-updates.ts): they are applied in the same task as the
// roles, so the console renders the change once, complete. A production build has no
// `import.meta.hot`, and this is left out of it.
import { CONTRACT_SERVED_EVENT } from "../../schema/contract/live-contract";
import { loadRolesAgain } from "../api/session";
import { takeHeldUpdates } from "../state/held-updates";

export function followServedContract(): void {
  if (import.meta.hot) import.meta.hot.on(CONTRACT_SERVED_EVENT, () => void showServedContract());
}

async function showServedContract(): Promise<void> {
  const [applyUpdates, setRoles] = await Promise.all([takeHeldUpdates(), loadRolesAgain()]);
  applyUpdates();
  setRoles();
}
