// Identifiers reach SQL only from the contract, and always quoted. Values are always bound.

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Refusing unsafe SQL identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Escape LIKE wildcards so that `contains` filters match text literally (ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
