// One copy each of the packages whose duplicates break the app silently (a second antd ignores the theme,
// a second react breaks hooks, a second router or query client loses context).
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

interface Tree {
  version?: string;
  dependencies?: Record<string, Tree>;
}

function versionsOf(tree: Tree, name: string, found = new Set<string>()): Set<string> {
  for (const [dep, child] of Object.entries(tree.dependencies ?? {})) {
    if (dep === name && child.version) found.add(child.version);
    versionsOf(child, name, found);
  }
  return found;
}

describe("installed dependency tree", () => {
  const tree = JSON.parse(
    execFileSync("npm", ["ls", "--all", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }),
  ) as Tree;
  it.each(["react", "react-dom", "antd", "react-router", "@tanstack/react-query", "@ant-design/icons"])(
    "has one copy of %s",
    (name) => {
      expect([...versionsOf(tree, name)]).toHaveLength(1);
    },
  );
});
