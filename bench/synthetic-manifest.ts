// Writes a synthetic manifest of N resources (groups of 10 menus, six fields of different kinds each) for the benchmarks.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";

const t = (text: string) => ({ zh: `${text}中`, en: text, es: `${text} es`, ja: `${text} ja` });

export function writeSyntheticManifest(dir: string, count: number): string {
  mkdirSync(join(dir, "resources"), { recursive: true });
  const groups = [];
  for (let g = 0; g * 10 < count; g++) {
    const children = [];
    for (let i = g * 10; i < Math.min(count, g * 10 + 10); i++) {
      children.push({
        name: `menu${i}`,
        path: `menu${i}`,
        title: t(`Menu ${i}`),
        screen: { kind: "crud", resource: `res${i}` },
      });
      const fields = {
        code: {
          type: "string",
          maxLength: 32,
          "x-input-rule": true,
          "x-unique": true,
          "x-ui": { label: t("Code"), filter: "contains", sortable: true },
        },
        name: { type: "string", maxLength: 64, "x-ui": { label: t("Name"), filter: "contains" } },
        quantity: { type: "integer", minimum: 0, "x-ui": { label: t("Quantity"), filter: "range", sortable: true } },
        made_on: { type: "string", format: "date", "x-ui": { label: t("Made on"), filter: "range" } },
        status: { type: "string", "x-enum": "status", "x-ui": { label: t("Status"), filter: "eq" } },
        active: { type: "boolean", "x-ui": { label: t("Active") } },
      };
      writeFileSync(
        join(dir, "resources", `res${i}.yaml`),
        stringify({
          name: `res${i}`,
          title: t(`Resource ${i}`),
          api: `/api/bench/res${i}`,
          fields,
          required: ["code", "name"],
        }),
      );
    }
    groups.push({ name: `group${g}`, path: `group${g}`, title: t(`Group ${g}`), children });
  }
  const manifest = {
    manifestVersion: 1,
    app: { title: "bench", languages: ["zh", "en", "es", "ja"] },
    enums: { status: { open: t("Open"), closed: t("Closed") } },
    menu: { name: "home", path: "/home", title: t("Home"), children: groups },
  };
  const path = join(dir, "manifest.yaml");
  writeFileSync(path, stringify(manifest));
  return path;
}
