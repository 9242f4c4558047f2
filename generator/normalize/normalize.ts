// validated manifest → one readonly Model with every default resolved, or the problems that stop it.
import type { LoadedManifest } from "../load/load-manifest";
import type { EnumModel, Model } from "../model/model";
import type { Problem } from "../problems";
import { bindScreens } from "./bind-screens";
import { ProblemSink } from "./context";
import { checkLookups } from "./lookup-links";
import { flatten, normalizeMenu } from "./normalize-menu";
import { normalizeResource } from "./normalize-resource";
import type { RawManifest, RawResource } from "../../schema/contract/manifest.gen";

export interface NormalizeEnvironment {
  /** @ant-design/icons component names. */
  readonly icons: ReadonlySet<string>;
  readonly overrideExists: (component: string) => boolean;
}

export function normalize(loaded: LoadedManifest, env: NormalizeEnvironment): { model?: Model; problems: Problem[] } {
  const sink = new ProblemSink();
  const raw = loaded.manifest.data as RawManifest;
  const enums: EnumModel[] = Object.entries(raw.enums).map(([name, values]) => ({
    name,
    values: Object.entries(values).map(([value, { color, ...label }]) => ({
      value,
      labelKey: `enum.${name}.${value}`,
      label,
      ...(color ? { color } : {}),
    })),
  }));
  const enumMap = new Map(enums.map((e) => [e.name, e]));
  const rawResources = new Map<string, RawResource>();
  for (const source of loaded.resources) {
    const resource = source.data as RawResource;
    const expected = source.file.replace(/^.*[\\/]/, "").replace(/\.yaml$/, "");
    if (resource.name !== expected)
      sink.add(source, "/name", `name '${resource.name}' must equal the file name '${expected}'`);
    rawResources.set(resource.name, resource);
  }
  const menu = normalizeMenu(
    {
      source: loaded.manifest,
      root: raw.menu,
      resources: rawResources,
      icons: env.icons,
      overrideExists: env.overrideExists,
    },
    sink,
  );
  const menus = flatten(menu);
  checkLookups(menus, new Set(enumMap.keys()), loaded.manifest, sink);
  const unbound = loaded.resources
    .map((source) => normalizeResource(source.data as RawResource, source, rawResources, enumMap, sink))
    .sort((a, b) => a.name.localeCompare(b.name));
  const resources = bindScreens(unbound, menus, loaded.manifest, sink);
  if (sink.problems.length > 0) return { problems: sink.problems };
  return {
    model: {
      manifestFile: loaded.manifest.file,
      title: raw.app.title,
      languages: raw.app.languages,
      enums,
      menu,
      menus,
      resources,
      buttons: menus.flatMap((m) => m.buttons),
    },
    problems: [],
  };
}
