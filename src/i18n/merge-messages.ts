// Several message trees (generated, shell, screens) become one i18next resource per language.

export type MessageTree = { readonly [key: string]: string | MessageTree };

const isTree = (value: unknown): value is MessageTree =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Deep merge; a later tree wins on a clash of two strings. */
export function mergeMessages(...trees: readonly unknown[]): MessageTree {
  const result: Record<string, string | MessageTree> = {};
  for (const tree of trees) {
    if (!isTree(tree)) continue;
    for (const [key, value] of Object.entries(tree)) {
      const existing = result[key];
      result[key] = isTree(existing) && isTree(value) ? mergeMessages(existing, value) : value;
    }
  }
  return result;
}

/** Every dotted key that holds a string, sorted. */
export function flattenKeys(tree: unknown, prefix = ""): string[] {
  if (!isTree(tree)) return prefix ? [prefix] : [];
  return Object.entries(tree)
    .flatMap(([key, value]) => flattenKeys(value, prefix ? `${prefix}.${key}` : key))
    .sort();
}

/**
 * Whether `next` changes a message `shown` already has (a new text, or a string turned into a
 * tree or back); messages only added change nothing on screen until something renders them.
 */
export function changesShownMessages(shown: unknown, next: unknown): boolean {
  if (!isTree(shown)) return shown !== next;
  if (!isTree(next)) return true;
  return Object.entries(shown).some(([key, value]) => key in next && changesShownMessages(value, next[key]));
}
