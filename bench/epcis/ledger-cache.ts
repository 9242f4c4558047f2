// Where bench/epcis keeps its built ledger: bench/.work/epcis/ledger-<fingerprint>.db, reused while
// nothing it was built from changed. The fingerprint covers the database's schema as the app makes
// it today (every table, index and trigger of an empty database, read from sqlite_master; not the
// views, which hold no rows and which the server makes again at start when their text changed),
// the sizes asked for, and the source of the files that make the rows: a migration, a new index or
// a change to the builders makes a new file, and older ones of the same size are removed (each is
// gigabytes); a ledger of another size (a short run's) is kept beside it.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { prepareDatabase } from "../../mock-server/app";
import { createContext } from "../../mock-server/context";
import { contract } from "../../mock-server/generated/contract.gen";
import { resolveOptions } from "../../mock-server/options";

/** The files whose code makes the cached rows. */
const BUILDERS = [
  "bench/scan-codes.ts",
  "bench/scan-load.ts",
  "bench/epcis/ledger-build.ts",
  "bench/epcis/life-events.ts",
];

async function schemaOfEmptyDatabase(): Promise<string> {
  const ctx = createContext(resolveOptions({ contract, dbFile: ":memory:", seed: false, docs: false }));
  try {
    await prepareDatabase(ctx);
    const rows = await ctx.store.all<{ type: string; name: string; sql: string | null }>(
      `SELECT type, name, sql FROM sqlite_master WHERE type <> 'view' ORDER BY type, name`,
    );
    return rows.map((row) => `${row.type} ${row.name} ${row.sql ?? ""}`).join("\n");
  } finally {
    await ctx.store.close();
  }
}

export interface LedgerCache {
  readonly file: string;
  /** What the build printed, once it has been built. */
  readonly built: string;
  readonly fingerprint: string;
}

export async function ledgerCache(root: string, sizes: Record<string, number>): Promise<LedgerCache> {
  const hash = createHash("sha256")
    .update(await schemaOfEmptyDatabase())
    .update(JSON.stringify(sizes));
  for (const file of BUILDERS) hash.update(readFileSync(join(root, file)));
  const fingerprint = hash.digest("hex").slice(0, 16);
  const work = join(root, "bench/.work/epcis");
  const prefix = `ledger-${sizes.events}-`;
  for (const name of existsSync(work) ? readdirSync(work) : [])
    if (name.startsWith(prefix) && !name.startsWith(`${prefix}${fingerprint}.`)) rmSync(join(work, name));
  return {
    file: join(work, `${prefix}${fingerprint}.db`),
    built: join(work, `${prefix}${fingerprint}.json`),
    fingerprint,
  };
}
