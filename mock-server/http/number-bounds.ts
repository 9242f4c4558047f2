// Every number the server accepts fits the databases it writes to: SQLite
// INTEGER and PostgreSQL BIGINT hold ±9.2e18, but JSON numbers are doubles, exact only to
// 2^53, so both integers and decimals are held to ±Number.MAX_SAFE_INTEGER unless the schema
// is stricter. ajv's strictNumbers refuses NaN and Infinity (JSON 1e400 parses to Infinity).

export const NUMBER_LIMIT = Number.MAX_SAFE_INTEGER;

const VALUE_KEYWORDS = new Set(["enum", "const", "default", "examples"]);
const PROPERTY_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);

function isNumeric(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.includes("integer") || types.includes("number");
}

/**
 * A copy of a JSON Schema in which every integer or number subschema has a minimum and a
 * maximum within ±NUMBER_LIMIT. Bounds the schema already sets are kept when tighter.
 */
export function boundNumbers<T>(schema: T, isPropertyMap = false): T {
  if (Array.isArray(schema)) return (schema as unknown[]).map((item) => boundNumbers(item)) as T;
  if (schema === null || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    // enum, const, defaults and examples hold values, not schemas (a property may be named so).
    const holdsValues = !isPropertyMap && VALUE_KEYWORDS.has(key);
    copy[key] = holdsValues ? value : boundNumbers(value, !isPropertyMap && PROPERTY_MAPS.has(key));
  }
  if (isPropertyMap) return copy as T;
  if (isNumeric(copy.type)) {
    const { minimum, maximum } = copy;
    copy.minimum = typeof minimum === "number" ? Math.max(minimum, -NUMBER_LIMIT) : -NUMBER_LIMIT;
    copy.maximum = typeof maximum === "number" ? Math.min(maximum, NUMBER_LIMIT) : NUMBER_LIMIT;
  }
  return copy as T;
}

/** The JSON pointer of the first NaN or ±Infinity in a value, if any. */
export function nonFinitePath(value: unknown, path = ""): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinitePath(item, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
