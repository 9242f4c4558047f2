// src/generated/screens/<menu>/<View>Page.gen.tsx: one thin page per view, each its own lazy chunk.
import type { Model } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { emitLookupPage } from "./emit-lookups";
import { emitStationPage } from "./emit-stations";
import { configName, pageComponentName, screenComponentOf } from "./screen-files";

export function emitScreens(model: Model): GeneratedFile[] {
  const resources = new Map(model.resources.map((r) => [r.name, r]));
  const files: GeneratedFile[] = [];
  for (const menu of model.menus) {
    const screen = menu.screen;
    if (!screen || screen.kind === "override" || !screen.resource) continue;
    if (screen.kind === "lookup") {
      if (screen.lookup) files.push(emitLookupPage(model, menu, screen.lookup));
      continue;
    }
    if (screen.kind === "station") {
      if (screen.station) files.push(emitStationPage(model, menu, screen.station));
      continue;
    }
    const resource = resources.get(screen.resource)!;
    for (const route of resource.views.filter((v) => v.menu === menu.name)) {
      const component = screenComponentOf(menu, route.view);
      const config = configName(resource.name);
      const fileView = route.view[0].toUpperCase() + route.view.slice(1);
      files.push({
        path: `${SRC_OUT}/screens/${menu.name}/${fileView}Page.gen.tsx`,
        content: `${banner(model.manifestFile)}
import { ${component} } from "../../../screen-kit/screens/${component}";
import { ${config} } from "../../configs/${resource.name}.gen";

/** ${menu.title.en} (${menu.title.zh}): ${route.view} view of ${resource.name}, at ${route.path}. */
export default function ${pageComponentName(menu, route.view)}() {
  return <${component} config={${config}} />;
}
`,
      });
    }
  }
  return files;
}
