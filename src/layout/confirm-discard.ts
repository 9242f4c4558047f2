// Asks before unsaved form input is thrown away (closing its tab, signing out).
import type { App } from "antd";
import type { TFunction } from "i18next";
import { dirtyAmong } from "../state/dirty-forms";

/** Resolves true when nothing among `paths` is dirty, or the user agrees to discard it. */
export function confirmDiscard(
  modal: ReturnType<typeof App.useApp>["modal"],
  t: TFunction,
  paths?: readonly string[],
): Promise<boolean> {
  const dirty = dirtyAmong(paths);
  if (dirty.length === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    modal.confirm({
      title: t("shell.unsaved.title"),
      content: t("shell.unsaved.content", { pages: dirty.join(", ") }),
      okText: t("shell.unsaved.discard"),
      cancelText: t("shell.unsaved.keep"),
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
