// Province / city / district picker; the form value is the chosen code as a string: a district, or
// with a shallower `depth` (manifest x-ui regionLevel) a province or a city.
import { Cascader } from "antd";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  buildRegionOptions,
  fetchRegionChildren,
  REGION_DEPTH,
  resolveRegionPath,
  type RegionArea,
  type RegionOption,
} from "./region-tree";

interface RegionCascaderProps {
  id?: string;
  value?: string | null;
  onChange?: (code: string | null) => void;
  disabled?: boolean;
  /** The deepest level offered: 1 province, 2 city, 3 district (default). */
  depth?: number;
}

export function RegionCascader({ id, value, onChange, disabled, depth = REGION_DEPTH }: RegionCascaderProps) {
  const { t } = useTranslation();
  const [levels, setLevels] = useState<ReadonlyMap<string, readonly RegionArea[]>>(() => new Map());
  const [path, setPath] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  // The levels loaded so far, read by load() in effects and handlers; the state shows them.
  const levelsRef = useRef(levels);

  const load = useCallback(async (parent: string) => {
    const known = levelsRef.current.get(parent);
    if (known) return known;
    const children = await fetchRegionChildren(parent);
    levelsRef.current = new Map(levelsRef.current).set(parent, children);
    setLevels(levelsRef.current);
    return children;
  }, []);

  // A cleared value clears the shown path at once (adjusted while rendering, not in an effect).
  if (!value && path.length > 0) setPath([]);

  // A stored code needs its ancestors loaded before the cascader can show it.
  useEffect(() => {
    if ((value ?? "") === (path.at(-1) ?? "")) {
      if (!levelsRef.current.has("")) load("").catch(() => setFailed(true));
      return;
    }
    if (!value) return;
    let current = true;
    resolveRegionPath(value, load)
      .then((resolved) => current && setPath(resolved.path))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [value, path, load]);

  const options = useMemo(() => buildRegionOptions(levels, "", 0, depth), [levels, depth]);

  const loadData = (selected: RegionOption[]) => {
    const target = selected.at(-1);
    if (target) load(target.value).catch(() => setFailed(true));
  };

  return (
    <Cascader<RegionOption>
      id={id}
      style={{ width: "100%" }}
      options={options}
      loadData={loadData}
      value={path}
      disabled={disabled}
      // Above a district, any level down to `depth` is a value of its own (a province, a city).
      changeOnSelect={depth < REGION_DEPTH}
      status={failed ? "error" : undefined}
      placeholder={failed ? t("screens.region.loadFailed") : t("screens.region.placeholder")}
      onChange={(next) => {
        const codes = (next ?? []).map(String);
        setPath(codes);
        onChange?.(codes.at(-1) ?? null);
      }}
    />
  );
}
