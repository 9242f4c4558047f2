// The province → city → district cascade, loaded level by level through the contract's
// regionChildren call (GET /api/org/addressareas/findByParentCode?parent_code=<code>, spec §7).
import { regionChildren } from "../../api/generated/calls.gen";

export interface RegionArea {
  readonly code: string;
  readonly name: string;
}
export interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: RegionOption[];
}
/** Children already fetched, by parent code ("" = the provinces). */
export type RegionLevels = ReadonlyMap<string, readonly RegionArea[]>;
export type LoadRegionChildren = (parentCode: string) => Promise<readonly RegionArea[]>;

/** Province, city, district. */
export const REGION_DEPTH = 3;

export async function fetchRegionChildren(parentCode: string): Promise<RegionArea[]> {
  // Without a parent_code the call answers the provinces (the contract's input has it optional).
  const areas = await regionChildren(parentCode ? { parent_code: parentCode } : {});
  return areas.map((area) => ({ code: String(area.code), name: String(area.name) }));
}

/** Codes that may contain `code`: 110105 → 110000, 110100 (administrative codes pad with zeros). */
export function ancestorCandidates(code: string): string[] {
  return [2, 4, 6, 9]
    .filter((length) => length < code.length)
    .map((length) => code.slice(0, length).padEnd(code.length, "0"))
    .filter((candidate) => candidate !== code);
}

/**
 * Walks down from the provinces to find the path of a stored district code. Municipalities may skip
 * the city level, so each level is searched for the code itself first, then for an ancestor.
 */
export async function resolveRegionPath(
  code: string,
  load: LoadRegionChildren,
): Promise<{ path: string[]; levels: Map<string, readonly RegionArea[]> }> {
  const levels = new Map<string, readonly RegionArea[]>();
  const candidates = ancestorCandidates(code);
  const path: string[] = [];
  let parent = "";
  for (let depth = 0; depth < REGION_DEPTH; depth++) {
    const children = await load(parent);
    levels.set(parent, children);
    if (children.some((area) => area.code === code)) return { path: [...path, code], levels };
    const next = children.find((area) => candidates.includes(area.code));
    if (!next) break;
    path.push(next.code);
    parent = next.code;
  }
  return { path: [], levels };
}

/** The cascade's options from what is loaded; `maxDepth` stops it at a level (1 province, 2 city). */
export function buildRegionOptions(
  levels: RegionLevels,
  parent = "",
  depth = 0,
  maxDepth: number = REGION_DEPTH,
): RegionOption[] {
  return (levels.get(parent) ?? []).map((area) => {
    const children = depth + 1 < maxDepth ? levels.get(area.code) : undefined;
    const isLeaf = depth + 1 >= maxDepth || (children !== undefined && children.length === 0);
    return {
      value: area.code,
      label: area.name,
      isLeaf,
      ...(children && children.length > 0
        ? { children: buildRegionOptions(levels, area.code, depth + 1, maxDepth) }
        : {}),
    };
  });
}
