// Text the server matches on holds no control characters: SQLite's LIKE stops reading a
// pattern at a NUL, so "%00zzzz" would match every row.
export const NO_CONTROL_PATTERN = "^[^\\u0000-\\u001f\\u007f]*$";
