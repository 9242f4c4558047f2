// Every default of the manifest, in one place: normalize fills them, so no other stage guesses one.
import type { ScreenKind, Translated } from "../model/model";
import type { View } from "../../schema/contract/vocabulary";

export const ROOT_PATH = "/home";
export const DEFAULT_PAGE_SORT = { field: "id", order: "desc" } as const;
export const DEFAULT_CHILDREN_KEY = "children";
export const DEFAULT_SEED_ROWS = 20;

/** Views each screen kind may hold, and holds when `views` is not given. */
export const VIEWS_OF_KIND: Readonly<Record<Exclude<ScreenKind, "override">, readonly View[]>> = {
  crud: ["list", "create", "edit", "show"],
  query: ["list", "show"],
  tree: ["list"],
  report: ["list"],
  form: ["list"],
  station: ["list"],
  lookup: ["list"],
};

/** Buttons a screen gets when the manifest lists none: action and code suffix. */
export const DEFAULT_BUTTONS: Readonly<
  Record<Exclude<ScreenKind, "override">, readonly { action: string; suffix: string }[]>
> = {
  crud: [
    { action: "create", suffix: "add" },
    { action: "edit", suffix: "update" },
    { action: "delete", suffix: "delete" },
    { action: "export", suffix: "export" },
  ],
  query: [{ action: "export", suffix: "export" }],
  tree: [
    { action: "create", suffix: "add" },
    { action: "edit", suffix: "update" },
    { action: "delete", suffix: "delete" },
  ],
  report: [{ action: "export", suffix: "export" }],
  form: [{ action: "edit", suffix: "update" }],
  station: [{ action: "create", suffix: "scan" }],
  lookup: [],
};

export const STANDARD_ACTIONS = ["create", "edit", "delete", "export"] as const;

export const STANDARD_ACTION_TITLES: Readonly<Record<(typeof STANDARD_ACTIONS)[number], Translated>> = {
  create: { zh: "新增", en: "Add", es: "Añadir", ja: "追加" },
  edit: { zh: "编辑", en: "Edit", es: "Editar", ja: "編集" },
  delete: { zh: "删除", en: "Delete", es: "Eliminar", ja: "削除" },
  export: { zh: "导出", en: "Export", es: "Exportar", ja: "エクスポート" },
};

export const SYSTEM_FIELD_LABELS: Readonly<Record<"id" | "created_at" | "updated_at", Translated>> = {
  id: { zh: "编号", en: "ID", es: "ID", ja: "ID" },
  created_at: { zh: "创建时间", en: "Created at", es: "Creado el", ja: "作成日時" },
  updated_at: { zh: "更新时间", en: "Updated at", es: "Actualizado el", ja: "更新日時" },
};

export const DEFAULT_ENDPOINT_SUFFIX = {
  list: ["GET", "pagelist"],
  detail: ["GET", "detail"],
  create: ["POST", "add"],
  update: ["POST", "update"],
  delete: ["POST", "delete"],
  options: ["GET", "options"],
  tree: ["GET", "tree"],
  report: ["GET", "query"],
} as const;
