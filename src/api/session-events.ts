// What happens to the session, told by the API layer to whoever listens. The shell's stores (the
// signed-in user, the open tabs, the caches of answers given to the account, the "reconnecting"
// line) subscribe at start-up and follow; src/api never imports them.

/** spec §3 Session user, as the session calls know it once the roles have loaded. */
export interface SessionUser {
  /** The selected menu keys and button codes (spec §4). */
  readonly roles: readonly string[];
  readonly name: string;
  readonly accountType: string;
  readonly avatar: string;
  readonly introduction: string;
}

export type SessionEvent =
  /**
   * A sign-in saved a new token: the previous user and every answer given to it are void, and so
   * are the open tabs when `otherAccount` signed in (the same account keeps its tabs).
   */
  | { readonly type: "session-started"; readonly otherAccount: boolean }
  /** The user and the roles of the session have loaded (spec §4). */
  | { readonly type: "signed-in"; readonly user: SessionUser }
  /** The same session's roles, loaded again. */
  | { readonly type: "roles-reloaded"; readonly roles: readonly string[] }
  /**
   * The token is gone. A logout (`loggedOut`) also drops the open tabs and the answers given to the
   * account; a reset keeps the tabs for a reload of the same account.
   */
  | { readonly type: "session-ended"; readonly loggedOut: boolean }
  /** Whether the session calls are waiting for a server that is away for a moment; told on a change only. */
  | { readonly type: "reconnecting"; readonly reconnecting: boolean };

type Listener = (event: SessionEvent) => void;

const listeners = new Set<Listener>();

/** `listener` hears every session event from now on, until the returned function is called. */
export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** For the session calls (session.ts): tells every listener, in the order they subscribed. */
export function publishSessionEvent(event: SessionEvent): void {
  for (const listener of [...listeners]) listener(event);
}
