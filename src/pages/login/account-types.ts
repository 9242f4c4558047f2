// Account types are the manifest's enum account_type, in its order; their labels are
// enum.account_type.<value>. Read from the messages of the language shown, the only ones loaded,
// which name every value (tests/i18n-completeness).
import type { i18n as I18n } from "i18next";

export function accountTypes(i18n: I18n): readonly string[] {
  const labels: unknown = i18n.getResource(i18n.language, "translation", "enum.account_type");
  return typeof labels === "object" && labels !== null ? Object.keys(labels) : [];
}
