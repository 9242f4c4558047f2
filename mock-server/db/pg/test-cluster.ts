// A throwaway PostgreSQL for tests and benches: initdb in a fresh temporary folder, the server
// listening only on a Unix socket in that folder (no TCP port to collide with anyone's), one
// database, and everything stopped and removed afterwards, at the latest when the process exits.
// PostgreSQL refuses to run as root, so as root the binaries run as the `postgres` user that
// Debian's package creates; as anyone else they run as that user.
// A process killed before it could clean up leaves its folder behind: the next cluster started on
// the machine stops and removes folders whose owning process is gone.
import { execFileSync, type ExecFileSyncOptions } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The oldest major version the server supports. */
export const MIN_POSTGRES_MAJOR = 15;
const FOLDER_PREFIX = "trace-pg-";
const POSTGRES_ROOT = "/usr/lib/postgresql";

export interface PostgresInstall {
  readonly bin: string;
  readonly major: number;
}

/** The newest installed PostgreSQL of a supported version (Debian's layout), or undefined. */
export function findPostgres(root = POSTGRES_ROOT): PostgresInstall | undefined {
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .map(Number)
    .filter((major) => major >= MIN_POSTGRES_MAJOR && existsSync(join(root, String(major), "bin", "initdb")))
    .sort((a, b) => b - a);
  return majors.length ? { bin: join(root, String(majors[0]), "bin"), major: majors[0] } : undefined;
}

export type PostgresForTests =
  | { readonly available: true; readonly install: PostgresInstall }
  | {
      readonly available: false;
      readonly reason: string;
    };

/**
 * Whether tests can start a cluster. Under CI a missing PostgreSQL is an error (CI installs it, so
 * its absence is a broken run, not a reason to pass with half the suite skipped); elsewhere the
 * suite is skipped and says why.
 */
export function postgresForTests(env: NodeJS.ProcessEnv = process.env, root = POSTGRES_ROOT): PostgresForTests {
  const install = findPostgres(root);
  if (install) return { available: true, install };
  const reason =
    `PostgreSQL ${MIN_POSTGRES_MAJOR}+ is not installed (no ${root}/<version>/bin/initdb): ` +
    "apt-get install postgresql, as .ci/run does";
  if (env.CI) throw new Error(`${reason}. CI must run the PostgreSQL tests.`);
  console.warn(`Skipping the PostgreSQL tests: ${reason}.`);
  return { available: false, reason };
}

export interface ClusterOptions {
  /** The database the URL names (created at start). */
  readonly database?: string;
  /**
   * Sync commits to disk as a production server does. Off by default: a test cluster is thrown
   * away, and fsync=off makes its writes cost what SQLite's in-memory databases cost in tests.
   * A bench comparing engines turns it on, to weigh the same durability as SQLite's synchronous=FULL.
   */
  readonly durable?: boolean;
  /** Where the temporary folder goes (a bench puts it on the same disk as the SQLite file it compares). */
  readonly parent?: string;
  readonly install?: PostgresInstall;
}

export interface TestCluster {
  /** postgres://postgres@/<database>?host=<socket folder> */
  readonly url: string;
  readonly database: string;
  readonly socketFolder: string;
  readonly major: number;
  /** Stops the server; `immediate` drops every connection at once, as a crash or a lost host would. */
  stop(mode?: "fast" | "immediate"): void;
  /** Starts it again on the same data. */
  start(): void;
  /** Stops it and removes its folder. */
  remove(): void;
}

const live = new Set<TestCluster>();
let exitHookInstalled = false;

function removeAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const cluster of live) cluster.remove();
  });
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the user PostgreSQL accepts. */
function runAsPostgres(command: string, args: readonly string[], options: ExecFileSyncOptions = {}): string {
  const [file, argv] = asRoot() ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, [...args]];
  // From "/": the postgres user may not enter the caller's folder (a clone under /root).
  return execFileSync(file, argv, {
    cwd: "/",
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
  }).toString();
}

function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Stops and removes clusters whose owning process died without cleaning up. */
function sweepOrphans(parent: string, bin: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = join(parent, name);
    const ownerFile = join(folder, "owner.pid");
    if (!existsSync(ownerFile)) continue;
    const owner = Number(readFileSync(ownerFile, "utf8"));
    if (!owner || processAlive(owner)) continue;
    stopServer(bin, join(folder, "data"), "immediate");
    rmSync(folder, { recursive: true, force: true });
  }
}

function stopServer(bin: string, data: string, mode: "fast" | "immediate"): void {
  if (!existsSync(join(data, "postmaster.pid"))) return;
  try {
    runAsPostgres(join(bin, "pg_ctl"), ["-D", data, "-m", mode, "-w", "stop"]);
  } catch {
    // already stopped
  }
}

/** Starts a throwaway cluster with one database; see the file's header. */
export function startTestCluster(options: ClusterOptions = {}): TestCluster {
  const install = options.install ?? findPostgres();
  if (!install) throw new Error(`PostgreSQL ${MIN_POSTGRES_MAJOR}+ is not installed (apt-get install postgresql)`);
  const parent = options.parent ?? tmpdir();
  sweepOrphans(parent, install.bin);
  const folder = mkdtempSync(join(parent, FOLDER_PREFIX));
  writeFileSync(join(folder, "owner.pid"), String(process.pid));
  if (asRoot()) {
    const { uid, gid } = postgresUser();
    chownSync(folder, uid, gid);
  }
  const data = join(folder, "data");
  const log = join(folder, "server.log");
  const database = options.database ?? "trace_test";
  const settings = [
    "-k",
    folder,
    "-c",
    "listen_addresses=",
    // Without fsync a commit still reaches the OS at once, so a stopped or crashed server (not a
    // crashed OS) loses nothing: the lost-connection tests stop it and read their rows back.
    ...(options.durable ? [] : ["-c", "fsync=off", "-c", "full_page_writes=off"]),
  ];
  let removed = false;
  const cluster: TestCluster = {
    url: `postgres://postgres@/${database}?host=${encodeURIComponent(folder)}`,
    database,
    socketFolder: folder,
    major: install.major,
    start: () => {
      try {
        runAsPostgres(join(install.bin, "pg_ctl"), ["-D", data, "-l", log, "-w", "-o", settings.join(" "), "start"]);
      } catch (error) {
        const tail = existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-10).join("\n") : "";
        throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${tail}`, { cause: error });
      }
    },
    stop: (mode = "fast") => stopServer(install.bin, data, mode),
    remove: () => {
      if (removed) return;
      removed = true;
      live.delete(cluster);
      stopServer(install.bin, data, "immediate");
      rmSync(folder, { recursive: true, force: true });
    },
  };
  live.add(cluster);
  removeAllOnExit();
  try {
    // trust: only the socket folder's owner can reach the socket (the folder is 0700).
    runAsPostgres(join(install.bin, "initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--locale=C",
      ...(options.durable ? [] : ["--no-sync"]),
    ]);
    cluster.start();
    runAsPostgres(join(install.bin, "createdb"), ["-h", folder, "-U", "postgres", database]);
  } catch (error) {
    cluster.remove();
    throw error;
  }
  return cluster;
}
