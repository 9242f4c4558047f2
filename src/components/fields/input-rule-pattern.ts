// spec §5: the shared input rule as a JSON Schema pattern (ajv compiles it with the u flag).
// The generator puts it into the server's schemas; input-rule.ts checks the same pattern in forms.
export const INPUT_RULE_PATTERN = "^[A-Za-z0-9_\\-~`.@#$^&*()+￥]*$";
