// BENCH_AGAINST's older tree (bench/against-tree.ts), the parts that need no git: the revision
// read from the environment, where a tree lives, the lockfiles' comparison and the node_modules link.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  againstRevision,
  againstTreeDir,
  linkNodeModules,
  lockDifferences,
  lockedVersions,
} from "../../bench/against-tree";

const SHA = "c8625c92aa773a8287482c0c47003125a31c613d";

describe("againstRevision", () => {
  it("is undefined when BENCH_AGAINST is unset or blank", () => {
    expect(againstRevision({})).toBeUndefined();
    expect(againstRevision({ BENCH_AGAINST: "  " })).toBeUndefined();
  });
  it("takes a revision as given, trimmed", () => {
    expect(againstRevision({ BENCH_AGAINST: " c8625c9 " })).toBe("c8625c9");
    expect(againstRevision({ BENCH_AGAINST: "main~3" })).toBe("main~3");
  });
  it("refuses what git would read as an option or as two arguments", () => {
    expect(() => againstRevision({ BENCH_AGAINST: "--output=x" })).toThrow(/one git revision/);
    expect(() => againstRevision({ BENCH_AGAINST: "c8625c9 HEAD" })).toThrow(/one git revision/);
  });
});

describe("againstTreeDir", () => {
  it("keeps a tree under bench/.work/against/<full sha>", () => {
    expect(againstTreeDir("/repo", SHA)).toBe(`/repo/bench/.work/against/${SHA}`);
  });
  it("refuses an abbreviated or non-hex id, which could name another commit later", () => {
    expect(() => againstTreeDir("/repo", "c8625c9")).toThrow(/full commit id/);
    expect(() => againstTreeDir("/repo", "../../etc".padEnd(40, "0"))).toThrow(/full commit id/);
  });
});

describe("lockDifferences", () => {
  const lock = (packages: Record<string, string>) => ({
    packages: Object.fromEntries([
      ["", { version: "0.0.0" }],
      ...Object.entries(packages).map(([path, version]) => [path, { version }]),
    ]),
  });
  it("finds none when only a dev flag or the root's version changed", () => {
    const current = lockedVersions(lock({ "node_modules/a": "1.0.0" }), "current");
    const older = lockedVersions(
      { packages: { "": { version: "9" }, "node_modules/a": { version: "1.0.0" } } },
      "older",
    );
    expect(lockDifferences(current, older, "c8625c9")).toEqual([]);
  });
  it("names each path whose version differs or that one side lacks, sorted", () => {
    const current = lockedVersions(lock({ "node_modules/b": "2.0.0", "node_modules/a": "1.0.0" }), "current");
    const older = lockedVersions(lock({ "node_modules/a": "1.1.0", "node_modules/c": "3.0.0" }), "older");
    expect(lockDifferences(current, older, "c8625c9")).toEqual([
      "node_modules/a: 1.0.0 here, 1.1.0 at c8625c9",
      "node_modules/b: 2.0.0 here, absent at c8625c9",
      "node_modules/c: absent here, 3.0.0 at c8625c9",
    ]);
  });
  it("refuses a lockfile without packages (npm 6's)", () => {
    expect(() => lockedVersions({}, "old lockfile")).toThrow(/old lockfile has no "packages"/);
  });
});

describe("linkNodeModules", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const setUp = () => {
    dir = mkdtempSync(join(tmpdir(), "against-tree-"));
    const target = join(dir, "node_modules");
    mkdirSync(target);
    mkdirSync(join(dir, "tree"));
    return { target, link: join(dir, "tree", "node_modules") };
  };

  it("links an absent node_modules, and accepts that link on the next run", () => {
    const { target, link } = setUp();
    linkNodeModules(link, target);
    expect(readlinkSync(link)).toBe(target);
    expect(() => linkNodeModules(link, target)).not.toThrow();
  });
  it("refuses a real folder, a link elsewhere and a dangling link, naming the path", () => {
    const { target, link } = setUp();
    mkdirSync(link);
    expect(() => linkNodeModules(link, target)).toThrow(`${link} is not a symlink to ${target}`);
    rmSync(link, { recursive: true });
    symlinkSync(join(dir, "tree"), link);
    expect(() => linkNodeModules(link, target)).toThrow(/is not a symlink to/);
    rmSync(link);
    symlinkSync(join(dir, "gone"), link);
    expect(() => linkNodeModules(link, target)).toThrow(/is not a symlink to/);
  });
});
