// Asks before unsaved form input is thrown away (closing its tab, signing out), naming each page as
// its tab does ("新增仓库", not "/store/create").
import type { App } from "antd";
import type { TFunction } from "i18next";
import { dirtyAmong } from "../state/dirty-forms";
import { pageNameAt } from "../state/view-titles";

/** Resolves true when nothing among `paths` is dirty, or the user agrees to discard it. */
export function confirmDiscard(
  modal: ReturnType<typeof App.useApp>["modal"],
  t: TFunction,
  language: string,
  paths?: readonly string[],
): Promise<boolean> {
  const dirty = dirtyAmong(paths);
  if (dirty.length === 0) return Promise.resolve(true);
  const pages = new Intl.ListFormat(language, { type: "conjunction" }).format(dirty.map((path) => pageNameAt(t, path)));
  return new Promise((resolve) => {
    modal.confirm({
      title: t("shell.unsaved.title"),
      content: t("shell.unsaved.content", { pages }),
      okText: t("shell.unsaved.discard"),
      cancelText: t("shell.unsaved.keep"),
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
