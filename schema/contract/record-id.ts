// A record's id as every call takes it: the number the database gives a table's row, or the string
// a projection's rows carry when the server makes their ids itself (a subscription's UUID, manifest
// `idType: string`). One schema, so the generated types and the server's inputs agree.
export type RecordIdType = "integer" | "string";

/** A made id is a UUID or a name; anything longer is not one of ours. */
export const MAX_STRING_ID_LENGTH = 64;

export function recordIdSchema(type: RecordIdType): { readonly [key: string]: unknown } {
  return type === "string"
    ? { type: "string", minLength: 1, maxLength: MAX_STRING_ID_LENGTH, pattern: "^[A-Za-z0-9_.:-]+$" }
    : { type: "integer", minimum: 1 };
}

/** An id as a call carries it. */
export type RecordId = number | string;
