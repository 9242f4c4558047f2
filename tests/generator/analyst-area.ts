// What an analyst adds to a copy of the real manifest: a new area with one list/create/edit screen over a
// new resource of five fields of different kinds. Shared by the generator test and the browser test.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";

export const ANALYST_AREA = {
  menu: "qualitylab",
  screen: "labsamples",
  path: "/labsamples",
  resource: "lab_samples",
  title: { zh: "样品列表", en: "Lab samples", es: "Muestras de laboratorio", ja: "検体一覧" },
  areaTitle: { zh: "质检实验室", en: "Quality lab", es: "Laboratorio de calidad", ja: "品質ラボ" },
} as const;

const RESOURCE_YAML = `# yaml-language-server: $schema=../resource.schema.json
name: lab_samples
title: { zh: 样品, en: Lab sample, es: Muestra, ja: 検体 }
api: /api/qualitylab/samples
fields:
  sample_code:
    type: string
    maxLength: 24
    x-input-rule: true
    x-unique: true
    x-ui: { label: { zh: 样品编码, en: Sample code, es: Código de muestra, ja: 検体コード }, filter: contains, sortable: true }
  weight_grams:
    type: number
    minimum: 0
    maximum: 100000
    x-ui: { label: { zh: 重量(克), en: Weight (g), es: Peso (g), ja: 重量(g) }, filter: range, sortable: true }
  sampled_on:
    type: string
    format: date
    x-ui: { label: { zh: 取样日期, en: Sampled on, es: Fecha de muestreo, ja: 採取日 }, sortable: true }
  passed:
    type: boolean
    x-ui: { label: { zh: 是否合格, en: Passed, es: Aprobada, ja: 合格 } }
  product_id:
    type: integer
    x-ref: products
    x-ui: { label: { zh: 产品, en: Product, es: Producto, ja: 製品 }, filter: eq }
required: [sample_code, sampled_on]
seed: { rows: 12 }
`;

/** Copies schema/ from `projectRoot` into `targetRoot` and adds the area; returns the new manifest path. */
export function writeManifestWithAnalystArea(projectRoot: string, targetRoot: string): string {
  cpSync(join(projectRoot, "schema"), join(targetRoot, "schema"), { recursive: true });
  return addAnalystArea(targetRoot);
}

/**
 * Adds the area to `root`'s schema/ as an analyst saves it: the resource file, then the manifest
 * (no other file is touched). Returns the manifest path.
 */
export function addAnalystArea(root: string): string {
  writeFileSync(join(root, "schema", "resources", `${ANALYST_AREA.resource}.yaml`), RESOURCE_YAML);
  const manifestPath = join(root, "schema", "manifest.yaml");
  const doc = parseDocument(readFileSync(manifestPath, "utf8"));
  const children = doc.getIn(["menu", "children"]) as { add: (v: unknown) => void };
  children.add(
    doc.createNode({
      name: ANALYST_AREA.menu,
      path: "qualitylab",
      title: ANALYST_AREA.areaTitle,
      icon: "ExperimentOutlined",
      alwaysShow: true,
      children: [
        {
          name: ANALYST_AREA.screen,
          path: ANALYST_AREA.path,
          title: ANALYST_AREA.title,
          icon: "ExperimentOutlined",
          screen: { kind: "crud", resource: ANALYST_AREA.resource, views: ["list", "create", "edit"] },
        },
      ],
    }),
  );
  writeFileSync(manifestPath, doc.toString());
  return manifestPath;
}
