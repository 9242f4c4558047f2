// The one place that decides whether a failure ends the session. A gateway that
// is restarting (502/503/504) or no answer at all (network down, time-out, page unloading) says
// nothing about the session: the caller retries and shows "reconnecting", it never signs anyone out.
import { ApiError } from "./http-client";
import { ERROR_CODES } from "../../schema/contract/envelope";

/** HTTP statuses of a server or proxy that is away for a moment; 0 is "no answer at all". */
export const TRANSIENT_STATUSES: readonly number[] = [0, 502, 503, 504];

/** Waits between retries of a transient failure; the last one repeats. */
export const RECONNECT_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000];

export const isTransient = (error: unknown): boolean =>
  error instanceof ApiError && !error.sessionEnded && TRANSIENT_STATUSES.includes(error.statusCode);

/** The session is good, but its account must set its own password before anything else (40301). */
export const mustSetOwnPassword = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ERROR_CODES.passwordChangeRequired;

/**
 * Does this failure of the roles call end the session? The session-ended codes (50012/50014) do,
 * and so does a real answer that refuses the session (no roles, empty info: spec §4 resets the
 * token). A transient failure and a password still to set never do.
 */
export function endsSession(error: unknown): boolean {
  if (error instanceof ApiError && error.sessionEnded) return true;
  return !isTransient(error) && !mustSetOwnPassword(error);
}
