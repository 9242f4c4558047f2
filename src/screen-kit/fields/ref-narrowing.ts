// A reference narrowed by other fields of its form (manifest x-ref-where), as plain decisions:
// which values the options call is narrowed by, and what a change of them does to the choice.

export type NarrowingValue = string | number | boolean;

/** The referred fields' wanted values, taken from the form: {depart_id: 3}. */
export interface Narrowing {
  readonly values: Readonly<Record<string, NarrowingValue>>;
  /** Form fields (by name) still empty: until they have values, there is nothing to choose from. */
  readonly missing: readonly string[];
  /** Equal keys, equal narrowing. */
  readonly key: string;
}

const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === "";

/** `where` is the field config's ref.where: {<referred field>: <form field>}. */
export function narrowingOf(
  where: Readonly<Record<string, string>>,
  form: Readonly<Record<string, unknown>>,
): Narrowing {
  const values: Record<string, NarrowingValue> = {};
  const missing: string[] = [];
  for (const [referred, own] of Object.entries(where)) {
    const value = form[own];
    if (isEmpty(value)) missing.push(own);
    else values[referred] = value as NarrowingValue;
  }
  return { values, missing, key: JSON.stringify([values, missing]) };
}

/** The form fields a narrowing reads, for Form.useWatch: only they re-render the select. */
export function watchedValues(
  where: Readonly<Record<string, string>>,
  form: Readonly<Record<string, unknown>> | undefined,
) {
  return Object.fromEntries(Object.values(where).map((own) => [own, form?.[own]]));
}

/**
 * What a change of the narrowing does to the current choice. The first values (the record
 * loading into an edit form, the first pick in a new one) keep it: the form does not drop a
 * stored value it merely shows. Later: emptied → clear at once; changed → ask the options call
 * under the new narrowing, which answers the current id only if it still fits.
 */
export function afterNarrowingChange(before: Narrowing, now: Narrowing, hasValue: boolean): "keep" | "clear" | "check" {
  if (before.key === now.key || before.missing.length > 0 || !hasValue) return "keep";
  return now.missing.length > 0 ? "clear" : "check";
}
