// A refusal reaches the user in the console's language. The envelope carries a
// stable key and parameters beside `message` (schema/contract/messages); the console renders the
// key itself, naming the field by its label from the manifest. The i18n module registers how
// (registerServerMessages); until it does, or for a key this build does not know, the server's
// own `message` (already in the language this console asked for) is shown.
import type { MessageLanguage, MessageRef } from "../../schema/contract/messages";

export interface ServerMessageRenderer {
  /** The language the console shows, sent as Accept-Language so `message` matches it. */
  readonly language: () => MessageLanguage;
  /**
   * `ref` in the console's language, or undefined for a key the catalog lacks; `resource` is the
   * contract resource whose fields it may name. May be asynchronous: the catalog is loaded with the
   * first refusal, not before a page's first paint.
   */
  readonly render: (ref: MessageRef, resource: string | undefined) => string | undefined | Promise<string | undefined>;
}

let renderer: ServerMessageRenderer | undefined;

export function registerServerMessages(next: ServerMessageRenderer): void {
  renderer = next;
}

export const requestLanguage = (): MessageLanguage | undefined => renderer?.language();

/** The text to show for a message the server sent: rendered from its key, else the server's words. */
export async function serverMessageText(
  ref: Partial<MessageRef> | undefined,
  fallback: string,
  resource?: string,
): Promise<string> {
  if (!renderer || typeof ref?.key !== "string") return fallback;
  try {
    return (await renderer.render(ref as MessageRef, resource)) ?? fallback;
  } catch {
    return fallback; // the catalog could not be loaded: the server's words are in our language too
  }
}
