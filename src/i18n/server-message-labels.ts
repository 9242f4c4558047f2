// How the console renders the server's messages: the catalog's text in the
// console's language, a field named by its label from the manifest (the screen's resource first,
// then the shared fields, else the raw name), and a resource parameter by the resource's title.
import type { i18n as I18n } from "i18next";
import { isMessageKey, messageIn, type MessageLanguage, type MessageRef } from "../../schema/contract/messages";
import type { ServerMessageRenderer } from "../api/server-messages";

export function fieldLabel(i18n: I18n, resource: string | undefined, field: string): string {
  const shared = i18n.t(`field.${field}`, { defaultValue: field });
  return resource ? i18n.t(`resource.${resource}.fields.${field}`, { defaultValue: shared }) : shared;
}

export function serverMessageRenderer(i18n: I18n): ServerMessageRenderer {
  const language = () => (i18n.language ?? "en") as MessageLanguage;
  return {
    language,
    render: (ref: MessageRef, resource: string | undefined) =>
      isMessageKey(ref.key)
        ? messageIn(language(), ref, {
            fieldName: (field) => fieldLabel(i18n, resource, field),
            param: (name, value) =>
              name === "resource" ? i18n.t(`resource.${value}.title`, { defaultValue: value }) : value,
          })
        : undefined,
  };
}
