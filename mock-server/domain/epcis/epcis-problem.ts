// The EPCIS interface's refusals: GS1's exception types (EPCIS 2.0 §12, REST binding), answered as
// RFC 7807 problem bodies by the route module. Detail texts are messages of the catalog's epcis
// area, rendered in the caller's language.
import type { Message } from "../../../schema/contract/messages";

/** The exception types this interface answers with, and their HTTP status (GS1's binding: a 404 is NoSuchNameException). */
export const EPCIS_EXCEPTIONS = {
  QueryParameterException: 400,
  QueryValidationException: 400,
  ValidationException: 400,
  SubscriptionControlsException: 400,
  NoSuchNameException: 404,
  SecurityException: 403,
  ResourceAlreadyExistsException: 409,
  CaptureLimitExceededException: 413,
  QueryTooComplexException: 413,
  ImplementationException: 500,
} as const;
export type EpcisExceptionName = keyof typeof EPCIS_EXCEPTIONS;

export class EpcisProblem extends Error {
  readonly status: number;
  constructor(
    readonly exception: EpcisExceptionName,
    readonly detail: Message,
    status: number = EPCIS_EXCEPTIONS[exception],
  ) {
    super(`${exception}: ${detail.key}`);
    this.name = "EpcisProblem";
    this.status = status;
  }
}

/** A query parameter the operation does not take by that name (unknown, repeated). */
export const badParameter = (detail: Message): EpcisProblem => new EpcisProblem("QueryParameterException", detail);
/** A query parameter taken by its name whose value does not parse, is out of range or contradicts another's. */
export const badParameterValue = (detail: Message): EpcisProblem =>
  new EpcisProblem("QueryValidationException", detail);
export const noSuchResource = (detail: Message): EpcisProblem => new EpcisProblem("NoSuchNameException", detail);
export const invalidDocument = (detail: Message): EpcisProblem => new EpcisProblem("ValidationException", detail);
/** An operation GS1's binding defines and this server does not build (the binding's 501). */
export const notImplemented = (detail: Message): EpcisProblem =>
  new EpcisProblem("ImplementationException", detail, 501);
/** A subscription's controls this server does not keep: no stream, a schedule, a start time, a bad reportIfEmpty. */
export const badControls = (detail: Message): EpcisProblem => new EpcisProblem("SubscriptionControlsException", detail);
