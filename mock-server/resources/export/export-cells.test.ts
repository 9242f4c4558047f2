import { describe, expect, it } from "vitest";
import { cellsOf, headerOf } from "./export-cells";

const columns = [
  { name: "name", label: { zh: "名称", en: "Name", es: "Nombre", ja: "名前" } },
  {
    name: "status",
    label: { zh: "状态", en: "Status", es: "Estado", ja: "ステータス" },
    values: { enabled: { zh: "启用", en: "Enabled", es: "Habilitado", ja: "有効" } },
  },
  { name: "brand_id", label: { zh: "品牌", en: "Brand", es: "Marca", ja: "ブランド" }, ref: true },
  { name: "active", label: { zh: "有效", en: "Active", es: "Activo", ja: "有効" } },
];

describe("an exported row reads as the viewer sees it", () => {
  it.each([
    ["zh", ["名称", "状态", "品牌", "有效"], ["茶", "启用", "青山", "是"]],
    ["en", ["Name", "Status", "Brand", "Active"], ["茶", "Enabled", "青山", "Yes"]],
    ["ja", ["名前", "ステータス", "ブランド", "有効"], ["茶", "有効", "青山", "はい"]],
  ] as const)("%s", (language, header, cells) => {
    expect(headerOf(columns, language)).toEqual(header);
    expect(
      cellsOf(
        { id: 1, name: "茶", status: "enabled", brand_id: 7, brand_id_label: "青山", active: true },
        columns,
        language,
      ),
    ).toEqual(cells);
  });

  it("writes a multi-value field's labels (or codes) in order, in one cell", () => {
    const many = [
      { name: "brand_ids", label: { zh: "品牌", en: "Brands", es: "Marcas", ja: "ブランド" }, ref: true },
      { name: "regions", label: { zh: "区域", en: "Regions", es: "Zonas", ja: "地域" } },
    ];
    expect(
      cellsOf(
        { id: 1, brand_ids: [7, 3], brand_ids_label: ["青山", "白云"], regions: ["320100", "110000"] },
        many,
        "en",
      ),
    ).toEqual(["青山, 白云", "320100, 110000"]);
  });

  it("keeps an unknown enum value and a missing value visible as what they are", () => {
    expect(
      cellsOf(
        { id: 1, name: null, status: "retired", brand_id: null, brand_id_label: null, active: false },
        columns,
        "es",
      ),
    ).toEqual([null, "retired", null, "No"]);
  });
});
