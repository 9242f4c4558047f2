// src/generated/icons.gen.ts: only the icons the manifest names, so the bundle carries no others.
import type { Model } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";

export function emitIcons(model: Model): GeneratedFile[] {
  const names = [...new Set(model.menus.flatMap((m) => (m.icon ? [m.icon] : [])))].sort();
  const content = `${banner(model.manifestFile)}
import type { ComponentType } from "react";
${names.map((name) => `import ${name} from "@ant-design/icons/${name}";`).join("\n")}

export const icons: Readonly<Record<string, ComponentType>> = {
${names.map((name) => `  ${name},`).join("\n")}
};
`;
  return [{ path: `${SRC_OUT}/icons.gen.ts`, content }];
}
