// The manifest watch's wait (issue 16 item 1): after the generator wrote a new contract, poll the
// development server until it serves that version, so the terminal can say when it did (the console
// waits for it on its own side, src/app/follow-served-contract.ts). Gives up quietly after
// `timeoutMs` (the server may not be running).
import { CONTRACT_VERSION_PATH } from "../../schema/contract/live-contract";

const POLL_MS = 25;

/** Resolves true once `apiOrigin` serves contract `wanted`, false after `timeoutMs`. */
export async function waitForServedContract(apiOrigin: string, wanted: string, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const answer = (await (await fetch(`${apiOrigin}${CONTRACT_VERSION_PATH}`)).json()) as { data?: { version?: string } };
      if (answer.data?.version === wanted) return true;
    } catch {
      // restarting, or not up yet
    }
    await new Promise((tick) => setTimeout(tick, POLL_MS));
  }
  return false;
}
