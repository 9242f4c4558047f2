// Text the server matches on holds no control characters: SQLite's LIKE stops reading a
// pattern at a NUL, so "%00zzzz" matched every row (issue 13 item 7).
export const NO_CONTROL_PATTERN = "^[^\\u0000-\\u001f\\u007f]*$";
