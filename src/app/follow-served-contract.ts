// Development only (issue 16 item 1): when the manifest watch says it wrote a new server contract,
// the console waits until the mock server serves that version, then loads its roles again, so a new
// menu entry appears in the open console with its session, tabs and unsaved forms as they were.
// The generated modules arrive meanwhile as Vite hot updates. A production build has no
// `import.meta.hot`, and this is left out of it.
import { CONTRACT_VERSION_PATH, CONTRACT_WRITTEN_EVENT, type ContractWritten } from "../../schema/contract/live-contract";
import { request } from "../api/http-client";
import { reloadRoles } from "../api/session";

const POLL_MS = 20;
const GIVE_UP_MS = 15_000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Resolves true once the server serves `version`, false after GIVE_UP_MS or when a newer one was written. */
export async function whenServed(version: string, newest: () => string, ask = servedVersion): Promise<boolean> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline && newest() === version) {
    if ((await ask().catch(() => undefined)) === version) return true;
    await pause(POLL_MS);
  }
  return false;
}

const servedVersion = async () => (await request<ContractWritten>({ method: "GET", path: CONTRACT_VERSION_PATH })).version;

export function followServedContract(): void {
  const hot = import.meta.hot;
  if (!hot) return;
  let newest = "";
  hot.on(CONTRACT_WRITTEN_EVENT, ({ version }: ContractWritten) => {
    newest = version;
    void whenServed(version, () => newest).then((served) => (served ? reloadRoles() : undefined));
  });
}
