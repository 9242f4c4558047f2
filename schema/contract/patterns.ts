// Patterns both sides check: the generator puts them into the server's JSON Schemas and the console's
// forms test the same strings (ajv compiles them with the u flag, the forms with new RegExp(p, "u")).

/** spec §5: the shared input rule. */
export const INPUT_RULE_PATTERN = "^[A-Za-z0-9_\\-~`.@#$^&*()+￥]*$";
/** spec §5: the shared input rule's own message (zh; the console shows screens.rules.inputRule per locale). */
export const INPUT_RULE_MESSAGE = "不能输入%!=/:;“’等特殊字符与中文";

/** Formats the server checks with a pattern rather than ajv-formats. */
export const PHONE_PATTERN = "^[0-9+()\\- ]{5,20}$";
export const COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";

/** A uri field links or shows its value, so only web addresses (no javascript:, data:). */
export const WEB_URI_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$";

/** The formats above by name, as a field's `format` names them. */
export const FORMAT_PATTERNS: Readonly<Record<string, string>> = { phone: PHONE_PATTERN, color: COLOR_PATTERN };

/** A code a consumer scans (spec §2 public scan): bounded, and only ever bound as a value. */
export const SCAN_CODE_PATTERN = "^[A-Za-z0-9_-]+$";
export const SCAN_CODE_MAX_LENGTH = 64;
/** A GPS position as a geo URI (RFC 5870, WGS-84: latitude, longitude), as inspections.geo holds it. */
export const GEO_URI_PATTERN = "^geo:-?\\d{1,2}(\\.\\d+)?,-?\\d{1,3}(\\.\\d+)?$";
