// The generated contract as the server reads it from disk, with a version (a hash of its text) that
// the development tools compare to know which contract the running server holds.
import { createHash } from "node:crypto";
import { readFileSync, watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import type { ServerContract } from "../../schema/contract/server-contract";

/** mock-server/generated/contract.gen.json: what `npm run generate` writes for the server. */
export const CONTRACT_FILE = resolve(import.meta.dirname, "..", "generated", "contract.gen.json");

export interface ContractOnDisk {
  readonly contract: ServerContract;
  /** The first 16 hex digits of the file's SHA-256. */
  readonly version: string;
}

export const contractVersion = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Reads and parses the contract; throws on a missing or half-written file. */
export function readContract(file = CONTRACT_FILE): ContractOnDisk {
  const text = readFileSync(file, "utf8");
  // Shaped and checked where it is built (generator/emit/emit-server.ts), as contract.gen.ts says.
  return { contract: JSON.parse(text) as ServerContract, version: contractVersion(text) };
}

/**
 * Calls `changed` once the file has been quiet for `quietMs` after a change. The folder is watched,
 * not the file: the generator may replace the file rather than write into it.
 */
export function watchContract(file: string, changed: () => void, quietMs = 10): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dirname(file), (_event, name) => {
    if (name !== basename(file)) return;
    clearTimeout(timer);
    timer = setTimeout(changed, quietMs);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
