// The envelope every response carries (spec §3, §8) and the code table the server answers with.
// Dependency-free: generator/, src/ and mock-server/ all import it: schema/ is the one contract they share.

/** Every response body, success or error: the HTTP status equals status_code. */
export interface Envelope<T> {
  status_code: number;
  message: string;
  code: number;
  data: T;
}

/** The `code` of every successful answer (spec §3: {status_code: 200, code: 0}). */
export const SUCCESS_CODE = 0;

/** Every error `code` the server answers; README.md documents the table for the console team. */
export const ERROR_CODES = {
  validation: 40000,
  malformedJson: 40001,
  loginFailed: 40100,
  forbidden: 40300,
  /** The account holds a password an administrator gave it: only the password change works. */
  passwordChangeRequired: 40301,
  notFound: 40400,
  duplicate: 40900,
  inUse: 40901,
  actionNotApplicable: 40902,
  /** manifest ruleOwned: a generic call refused because domain rules own the change. */
  ruleOwned: 40903,
  tooLarge: 41300,
  /** The Idempotency-Key was used before for a different request (another body or call). */
  idempotencyKeyReused: 42200,
  /** The first request with this Idempotency-Key is still running: send it again shortly. */
  idempotencyKeyInProgress: 42500,
  tooManyRequests: 42900,
  unsupportedMediaType: 41500,
  internal: 50000,
  /** The database is out of reach (stopped, restarting, connection lost): try again shortly. */
  databaseUnavailable: 50300,
  /** spec §8: the console asks "Confirm logout" for these two only. */
  sessionInvalid: 50012,
  sessionExpired: 50014,
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** spec §8: an ended session (invalid or expired); a live session lacking a grant answers 40300 instead. */
export const SESSION_ENDED_CODES: readonly number[] = [ERROR_CODES.sessionInvalid, ERROR_CODES.sessionExpired];

export function isSessionEnded(code: number): boolean {
  return SESSION_ENDED_CODES.includes(code);
}
