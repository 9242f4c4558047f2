// How wide a list column may grow. A column whose text can run long (a free text, a region's full
// names, a referenced record's name) is held to a width and cut with an ellipsis, the whole text on
// hover; the others take their content's width. So a table of ten columns keeps each readable and
// scrolls sideways only for what is left, without one address pushing the rest under the pinned
// actions column. Pure.
import type { FieldConfig } from "../../../schema/contract/screen-config";

/** A text longer than this may hold a sentence rather than a code or a name. */
const SHORT_TEXT = 32;

/** At most this wide, cell padding included: at 1,400 px the dealer list's phone column clears its actions. */
export const CAPPED_WIDTH = {
  text: 160,
  textarea: 200,
  region: 150,
  reference: 140,
} as const;

const maxLengthOf = (field: Pick<FieldConfig, "rules">): number | undefined =>
  field.rules.flatMap((rule) => (rule.kind === "maxLength" ? [rule.value] : [])).at(0);

/** The width a column may grow to, or undefined when it takes its content's (or the manifest's own) width. */
export function cappedWidth(
  field: Pick<FieldConfig, "type" | "widget" | "format" | "width" | "options" | "progress" | "ref" | "rules">,
): number | undefined {
  if (field.width !== undefined || field.options || field.progress) return undefined;
  if (field.widget === "region") return CAPPED_WIDTH.region;
  if (field.ref) return CAPPED_WIDTH.reference;
  if (field.widget === "textarea") return CAPPED_WIDTH.textarea;
  if (field.type !== "string" || field.widget !== "input" || field.format) return undefined;
  const max = maxLengthOf(field);
  return max === undefined || max > SHORT_TEXT ? CAPPED_WIDTH.text : undefined;
}
