// The messages the shell's own parts show (the login's refusal, the language switch, a roles
// failure), on every route. Signed in, they go through antd's <App> (app/ConsoleRoot), as every
// other message does; on the login and the public pages antd's message hook loads with the first
// one (app/PublicMessageHost), so those pages do not carry antd's message, modal and notification
// code before their first paint.
import { createContext, useContext } from "react";

export interface ShellMessage {
  success(content: string, duration?: number): unknown;
  error(content: string, duration?: number): unknown;
}

/** Set by the signed-in console to antd's <App> message. */
export const ShellMessageContext = createContext<ShellMessage | null>(null);

type Show = (message: ShellMessage) => void;

const waiting: Show[] = [];
let shown: ShellMessage | undefined;
let wake: (() => void) | undefined;

function show(what: Show): void {
  if (shown) return what(shown);
  waiting.push(what);
  wake?.();
}

/** The public pages' messages: queued until the host's antd hook has loaded. */
export const publicMessage: ShellMessage = {
  success: (content, duration) => show((message) => message.success(content, duration)),
  error: (content, duration) => show((message) => message.error(content, duration)),
};

/** The host asks to be woken by the first message (at once if one is waiting). */
export function onFirstMessage(load: () => void): () => void {
  wake = () => {
    wake = undefined;
    load();
  };
  if (waiting.length > 0) wake();
  return () => {
    wake = undefined;
  };
}

/** Starts loading the host's antd hook ahead of a message that may come (the login's call is out). */
export function preloadPublicMessage(): void {
  wake?.();
}

/** The host's antd message API, once loaded: what waited is shown. */
export function setPublicMessage(message: ShellMessage | undefined): void {
  shown = message;
  if (message) for (const what of waiting.splice(0)) what(message);
}

export function useShellMessage(): ShellMessage {
  return useContext(ShellMessageContext) ?? publicMessage;
}
