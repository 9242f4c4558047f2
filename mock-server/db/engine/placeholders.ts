// SQL is written with `?` placeholders (what SQLite takes, and what every statement in the server
// already says); PostgreSQL numbers them: $1, $2, … A `?` inside a string literal, a quoted
// identifier, a comment or a dollar-quoted body is text, not a placeholder, and stays.
// PostgreSQL's jsonb operators spelled with `?` (?, ?|, ?&) cannot be written: use
// jsonb_exists(), jsonb_exists_any() or jsonb_exists_all() instead; nor can E'…' literals with
// backslash escapes (a standard literal doubles its quotes, and both engines read it the same).

/** `sql` with each `?` placeholder replaced by `$n`, and how many there were. */
export function numberPlaceholders(sql: string): { readonly text: string; readonly count: number } {
  let out = "";
  let count = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i];
    const skipTo = skipQuoted(sql, i);
    if (skipTo > i) {
      out += sql.slice(i, skipTo);
      i = skipTo;
    } else if (char === "?") {
      out += `$${++count}`;
      i++;
    } else {
      out += char;
      i++;
    }
  }
  return { text: out, count };
}

/** If a literal, identifier, comment or dollar-quoted body starts at `i`, the index just past it; else `i`. */
function skipQuoted(sql: string, i: number): number {
  const char = sql[i];
  if (char === "'" || char === '"') return pastClosing(sql, i + 1, char);
  if (char === "-" && sql[i + 1] === "-") {
    const end = sql.indexOf("\n", i);
    return end < 0 ? sql.length : end + 1;
  }
  if (char === "/" && sql[i + 1] === "*") {
    const end = sql.indexOf("*/", i + 2);
    return end < 0 ? sql.length : end + 2;
  }
  if (char === "$") {
    const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
    if (tag && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? "")) {
      const end = sql.indexOf(tag[0], i + tag[0].length);
      return end < 0 ? sql.length : end + tag[0].length;
    }
  }
  return i;
}

/** Past the quote closing a literal or identifier; a doubled quote inside is the quote itself. */
function pastClosing(sql: string, from: number, quote: string): number {
  let i = from;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}
