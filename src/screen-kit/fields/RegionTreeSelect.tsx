// Several regions at once (a multi-value region field): a tree of provinces, cities and, below
// `depth`, districts, loaded a level at a time through the region call; the value is the chosen
// codes, any level down to `depth`, in the order chosen.
import { TreeSelect } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  buildRegionOptions,
  fetchRegionChildren,
  REGION_DEPTH,
  resolveRegionPath,
  type RegionArea,
} from "./region-tree";

interface RegionTreeSelectProps {
  id?: string;
  value?: readonly string[] | null;
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
  /** The deepest level offered: 1 province, 2 city, 3 district (default). */
  depth?: number;
}

export function RegionTreeSelect({ id, value, onChange, disabled, depth = REGION_DEPTH }: RegionTreeSelectProps) {
  const { t } = useTranslation();
  const [levels, setLevels] = useState<ReadonlyMap<string, readonly RegionArea[]>>(() => new Map());
  const [failed, setFailed] = useState(false);
  const levelsRef = useRef(levels);
  const chosen = useMemo(() => (Array.isArray(value) ? value.map(String) : []), [value]);

  const load = useCallback(async (parent: string) => {
    const known = levelsRef.current.get(parent);
    if (known) return known;
    const children = await fetchRegionChildren(parent);
    levelsRef.current = new Map(levelsRef.current).set(parent, children);
    setLevels(levelsRef.current);
    return children;
  }, []);

  // The provinces, and the levels above each chosen code, so every chosen code shows its name.
  useEffect(() => {
    load("").catch(() => setFailed(true));
    for (const code of chosen) resolveRegionPath(code, load).catch(() => setFailed(true));
  }, [chosen, load]);

  const treeData = useMemo(() => buildRegionOptions(levels, "", 0, depth), [levels, depth]);

  return (
    <TreeSelect
      id={id}
      multiple
      // Every loaded node stays in the page (a few dozen provinces and the cities opened), so the
      // tree scrolls as a whole instead of re-rendering a window of it.
      virtual={false}
      showSearch
      treeNodeFilterProp="label"
      fieldNames={{ label: "label", value: "value", children: "children" }}
      style={{ width: "100%" }}
      treeData={treeData}
      loadData={(node) => load(String(node.value)).then(() => undefined)}
      value={chosen}
      disabled={disabled}
      allowClear
      status={failed ? "error" : undefined}
      placeholder={failed ? t("screens.region.loadFailed") : t("screens.region.placeholder")}
      onChange={(next: string[]) => onChange?.(next.map(String))}
    />
  );
}
