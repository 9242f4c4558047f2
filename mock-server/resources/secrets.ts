// Secret fields (password widgets) are hashed into _secrets and never stored or returned
// with the record.
import { hashPassword } from "../auth/passwords";
import type { Store } from "../db/store";
import type { ResourceInfo } from "./catalog";
import type { Row } from "./row-codec";

export async function hashSecrets(info: ResourceInfo, input: Row): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const column of info.secrets) {
    const value = input[column.name];
    if (typeof value === "string" && value !== "") hashes.set(column.name, await hashPassword(value));
  }
  return hashes;
}

export async function writeSecret(
  store: Store,
  resource: string,
  id: number,
  field: string,
  hash: string,
): Promise<void> {
  await store.run(
    "INSERT INTO _secrets (resource, row_id, field, hash) VALUES (?, ?, ?, ?) ON CONFLICT(resource, row_id, field) DO UPDATE SET hash = excluded.hash",
    [resource, id, field, hash],
  );
}

export async function writeSecrets(
  store: Store,
  resource: string,
  id: number,
  hashes: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [field, hash] of hashes) await writeSecret(store, resource, id, field, hash);
}

export async function readSecret(
  store: Store,
  resource: string,
  id: number,
  field: string,
): Promise<string | undefined> {
  return (
    await store.get<{ hash: string }>("SELECT hash FROM _secrets WHERE resource = ? AND row_id = ? AND field = ?", [
      resource,
      id,
      field,
    ])
  )?.hash;
}
