// Whether the console is waiting for the server to come back: a restarting dev
// server or proxy is shown as "reconnecting", never as a sign-out.
import { createStore } from "./create-store";

export const connectionStore = createStore<{ readonly reconnecting: boolean }>({ reconnecting: false });

/** Tells the listeners only when the state changes, not on every retry. */
export function setReconnecting(reconnecting: boolean): void {
  if (connectionStore.get().reconnecting !== reconnecting) connectionStore.set({ reconnecting });
}
