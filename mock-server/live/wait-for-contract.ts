// The manifest watch's wait: after the generator wrote a new contract, poll the
// development server until it serves that version, so the console is told only when the server
// can answer for the new screens. Gives up quietly after `timeoutMs` (the server may not be running).
import { readFileSync } from "node:fs";
import { CONTRACT_VERSION_PATH } from "../../schema/contract/live-contract";
import { CONTRACT_FILE, contractVersion } from "./contract-file";

const POLL_MS = 25;

/** Resolves true once `apiOrigin` serves the contract now in `file`, false after `timeoutMs`. */
export async function waitForServedContract(
  apiOrigin: string,
  file = CONTRACT_FILE,
  timeoutMs = 10_000,
): Promise<boolean> {
  const wanted = contractVersion(readFileSync(file, "utf8"));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const answer = (await (await fetch(`${apiOrigin}${CONTRACT_VERSION_PATH}`)).json()) as {
        data?: { version?: string };
      };
      if (answer.data?.version === wanted) return true;
    } catch {
      // restarting, or not up yet
    }
    await new Promise((tick) => setTimeout(tick, POLL_MS));
  }
  return false;
}
