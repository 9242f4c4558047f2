// BENCH_AGAINST=<revision>: an older commit's tree to measure beside the current one in the same
// run (a bench run an hour apart on a shared host compares the hours, not the commits). The tree
// is a detached git worktree under bench/.work/against/<full sha>, made once and reused; its
// node_modules is a symlink to the current tree's, so both trees must lock the same versions (the
// lockfiles are compared first, and a difference refuses the run); its server bundle is built by
// that tree's own build script into that tree's mock-server/dist.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { runToEnd } from "./mock-server/processes";

export interface AgainstTree {
  /** The revision as given (BENCH_AGAINST). */
  readonly revision: string;
  readonly sha: string;
  /** The first 7 digits, as the output names it. */
  readonly short: string;
  /** The tree's root: its seeder and server run from there. */
  readonly root: string;
}

/** One run of each commit, the pair in one order; `currentFirst`: which of the two ran first. */
export interface AgainstPass<Run> {
  readonly currentFirst: boolean;
  readonly ours: Run;
  readonly older: Run;
}

/** A pass's heading in the report: "### Pass 2: c8625c9 then dae6436". */
export function passHeading(n: number, current: string, older: string, { currentFirst }: { currentFirst: boolean }) {
  return `### Pass ${n}: ${currentFirst ? `${current} then ${older}` : `${older} then ${current}`}`;
}

/** BENCH_AGAINST's revision, or undefined when unset or blank. */
export function againstRevision(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const revision = env.BENCH_AGAINST?.trim();
  if (!revision) return undefined;
  // Refused before git sees it: a leading dash would be read as an option.
  if (revision.startsWith("-") || /\s/.test(revision))
    throw new Error(`BENCH_AGAINST must be one git revision (a commit, tag or branch), got "${revision}"`);
  return revision;
}

/** Where the tree of commit `sha` lives under the current tree `root`. */
export function againstTreeDir(root: string, sha: string): string {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error(`a tree is kept under its full commit id, got "${sha}"`);
  return join(root, "bench/.work/against", sha);
}

interface Lockfile {
  readonly packages?: Record<string, { readonly version?: string }>;
}

/** Installed path → resolved version, from a package-lock.json (v2 or v3); the root package left out. */
export function lockedVersions(lockfile: Lockfile, name: string): Map<string, string> {
  if (!lockfile.packages) throw new Error(`${name} has no "packages" (a lockfile of npm 7 or later is needed)`);
  const versions = new Map<string, string>();
  for (const [path, entry] of Object.entries(lockfile.packages))
    if (path !== "" && entry.version !== undefined) versions.set(path, entry.version);
  return versions;
}

/** Every installed path whose version differs between the two lockfiles, one line each, sorted. */
export function lockDifferences(current: Map<string, string>, older: Map<string, string>, short: string): string[] {
  const paths = [...new Set([...current.keys(), ...older.keys()])].sort();
  return paths
    .filter((path) => current.get(path) !== older.get(path))
    .map((path) => `${path}: ${current.get(path) ?? "absent"} here, ${older.get(path) ?? "absent"} at ${short}`);
}

/**
 * The tree's node_modules must be absent (then it is made) or a symlink to `target`: anything else
 * would run the older tree on other dependencies than the current one's.
 */
export function linkNodeModules(link: string, target: string): void {
  let stat;
  try {
    stat = lstatSync(link);
  } catch {
    symlinkSync(target, link, "dir");
    return;
  }
  if (!stat.isSymbolicLink() || realPath(link) !== realpathSync(target))
    throw new Error(`${link} is not a symlink to ${target}: remove it, and the next run links it again`);
}

/** The path a link leads to, or undefined when it leads nowhere. */
function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

const git = (cwd: string, args: readonly string[]): string =>
  execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();

function resolveCommit(root: string, revision: string): string {
  try {
    return git(root, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${revision}^{commit}`]);
  } catch {
    throw new Error(`BENCH_AGAINST=${revision}: no such commit in the repository at ${root}`);
  }
}

function refuseOtherDependencies(root: string, sha: string, short: string): void {
  // The lockfile on disk: it is what this tree's node_modules was installed from.
  const current = lockedVersions(
    JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")),
    "this tree's lockfile",
  );
  const older = lockedVersions(JSON.parse(git(root, ["show", `${sha}:package-lock.json`])), `${short}'s lockfile`);
  const differences = lockDifferences(current, older, short);
  if (differences.length)
    throw new Error(
      `${short} locks other dependency versions than this tree, so it cannot run on this tree's node_modules:\n  ` +
        differences.slice(0, 20).join("\n  ") +
        (differences.length > 20 ? `\n  … and ${differences.length - 20} more` : ""),
    );
}

/** The worktree at `dir`, made at `sha` if absent; refused if `dir` holds another commit or local changes. */
function checkOut(root: string, dir: string, sha: string): void {
  if (!existsSync(dir)) {
    git(root, ["worktree", "prune"]); // a registration left by a deleted folder would refuse the add
    mkdirSync(dirname(dir), { recursive: true });
    git(root, ["worktree", "add", "--detach", dir, sha]);
    return;
  }
  let head: string;
  let changes: string;
  try {
    head = git(dir, ["rev-parse", "HEAD"]);
    // node_modules is the link this module makes (.gitignore's "node_modules/" matches no symlink).
    changes = git(dir, ["status", "--porcelain", "--untracked-files=no"]);
  } catch {
    throw new Error(`${dir} is not a git worktree: remove it (git worktree prune after), and the next run makes it`);
  }
  if (head !== sha)
    throw new Error(`${dir} is at ${head}, not ${sha}: remove it with git worktree remove --force ${dir}`);
  if (changes)
    throw new Error(`${dir} has local changes (${changes.split("\n").length} files): git -C ${dir} checkout -- .`);
}

/** The commit checked out at `root`, 7 digits, "+changes" when its files differ from it. */
export function commitOf(root: string): string {
  const short = git(root, ["rev-parse", "--short=7", "HEAD"]);
  return git(root, ["status", "--porcelain", "--untracked-files=no"]) ? `${short}+changes` : short;
}

/**
 * The tree of `revision`, checked out (or reused), linked to this tree's node_modules and its server
 * built by its own build script (output in `log`, named when the build fails).
 */
export async function prepareAgainstTree(root: string, revision: string, log: string): Promise<AgainstTree> {
  const sha = resolveCommit(root, revision);
  const short = sha.slice(0, 7);
  refuseOtherDependencies(root, sha, short);
  const dir = againstTreeDir(root, sha);
  checkOut(root, dir, sha);
  linkNodeModules(join(dir, "node_modules"), join(root, "node_modules"));
  try {
    await runToEnd(process.execPath, ["--import", "tsx", "mock-server/build-server.ts"], {
      cwd: dir,
      log,
      timeoutMs: 300_000,
    });
  } catch {
    throw new Error(`building the server at ${short} (${dir}) failed; see ${log}`);
  }
  return { revision, sha, short, root: dir };
}
