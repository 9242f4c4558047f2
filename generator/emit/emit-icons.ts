// src/generated/icons.gen.ts: only the icons the manifest names. Named ESM imports, so the bundler keeps
// just these (the per-icon CommonJS paths hand an ESM build a module object instead of a component).
import type { Model } from "../model/model";
import { banner, SRC_OUT, type GeneratedFile } from "./generated-file";
import { printImport } from "./print-literal";

export function emitIcons(model: Model): GeneratedFile[] {
  const names = [...new Set(model.menus.flatMap((m) => (m.icon ? [m.icon] : [])))].sort();
  const content = `${banner(model.manifestFile)}
import type { ComponentType } from "react";
${printImport(names, "@ant-design/icons")}

export const icons: Readonly<Record<string, ComponentType>> = {${names.map((name) => `\n  ${name},`).join("")}${names.length > 0 ? "\n" : ""}};
`;
  return [{ path: `${SRC_OUT}/icons.gen.ts`, content }];
}
