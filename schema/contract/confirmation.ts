// A domain action that needs the user's say-so for a consequence only the server can see (finishing
// a work order closes its partial boxes) refuses with 409 and `errors.confirm` describing it,
// changing nothing; the same call with `confirm: true` goes ahead. The console's action button
// shows the description and, once confirmed, repeats the call.
export const CONFIRM_FIELD = "confirm";

/** The consequence a refusal asks the user to confirm, if it is such a refusal. */
export function confirmationAsked(
  statusCode: number,
  errors: Readonly<Record<string, string>> | undefined,
): string | undefined {
  return statusCode === 409 ? errors?.[CONFIRM_FIELD] : undefined;
}
