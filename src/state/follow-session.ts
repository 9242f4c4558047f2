// The shell's stores follow the session as the API layer tells it (api/session-events): the
// signed-in user, the open tabs, the caches of answers given to the account and the
// "reconnecting" line. Subscribed once at start-up (main.tsx), before the login page can sign in.
import { onSessionEvent, type SessionEvent } from "../api/session-events";
import { setReconnecting } from "./connection-store";
import { clearSignedInCaches } from "./signed-in-caches";
import { clearTags } from "./tags-store";
import { EMPTY_USER, userStore } from "./user-store";

function follow(event: SessionEvent): void {
  switch (event.type) {
    case "session-started":
      if (event.otherAccount) clearTags();
      userStore.set(EMPTY_USER);
      clearSignedInCaches();
      return;
    case "signed-in":
      userStore.set(event.user);
      return;
    case "roles-reloaded":
      userStore.set((user) => ({ ...user, roles: event.roles }));
      return;
    case "session-ended":
      userStore.set(EMPTY_USER);
      if (event.loggedOut) {
        clearTags();
        clearSignedInCaches();
      }
      return;
    case "reconnecting":
      setReconnecting(event.reconnecting);
  }
}

/** Returns the function that stops following (for tests). */
export function followSession(): () => void {
  return onSessionEvent(follow);
}
