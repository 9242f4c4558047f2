// Formats the server checks with a pattern rather than ajv-formats. One definition: the generator puts
// them into the server's JSON Schemas (generator/emit/json-schemas.ts) and the forms check the same.
export const PHONE_PATTERN = "^[0-9+()\\- ]{5,20}$";
export const COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";
