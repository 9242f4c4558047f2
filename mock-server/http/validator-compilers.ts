// Validation with the manifest's own JSON Schemas. Two ajv instances: the query
// string arrives as text and is coerced; JSON bodies are not coerced, so a wrong type is a 400.
// Neither removes unknown properties: an unknown field is refused, never silently dropped.
import Ajv, { type Options, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifySchemaCompiler } from "fastify";
import { boundNumbers, nonFinitePath } from "./number-bounds";

/** Mark a body schema whose values may arrive as text (list calls sent by POST). */
export const COERCE_KEYWORD = "x-coerce";

/** Formats the manifest allows beyond ajv-formats' set (manifest.schema.json field.format). */
const EXTRA_FORMATS: Record<string, RegExp> = {
  phone: /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/,
  color: /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
};

const WEB_URI = /^https?:\/\/\S+$/i;

function createAjv(coerce: boolean): Ajv {
  const options: Options = {
    allErrors: true,
    verbose: true, // errors carry parentSchema, which tells an input-rule pattern apart (spec §5)
    strict: false, // the manifest's x-* keywords ride along in the schemas
    useDefaults: false,
    removeAdditional: false,
    coerceTypes: coerce ? "array" : false,
    strictNumbers: true, // NaN and ±Infinity are not numbers here: no column can store them
  };
  const ajv = new Ajv(options);
  addFormats(ajv);
  for (const [name, pattern] of Object.entries(EXTRA_FORMATS)) ajv.addFormat(name, pattern);
  // A uri is an absolute http: or https: address, whatever the schema's pattern says: a link the
  // console shows can never be javascript: or data:.
  ajv.addFormat("uri", (value: string) => WEB_URI.test(value) && URL.canParse(value));
  ajv.addKeyword({ keyword: COERCE_KEYWORD, schemaType: "boolean" });
  return ajv;
}

/**
 * Compiled validators, shared by every app of the process and keyed by the schema's text: a
 * development server that takes a new contract in place (live/) then compiles only the
 * schemas that changed. One ajv per mode serves them all.
 */
const compiled = new Map<string, ValidateFunction>();
/** Schemas registered on a route but not compiled yet: their route has not been called. */
const pending = new Map<string, () => ValidateFunction>();
let ajvs: { strict: Ajv; coercing: Ajv } | undefined;

/**
 * A route's validator is compiled on the route's first call, not at start: the
 * contract's ~1,000 routes compiled up front held ~20 MB of generated code and closures for calls
 * most sessions never make, and were most of an app's start. compilePendingValidators() compiles
 * the rest on demand (a test does, so a schema ajv refuses still fails the build, not a call).
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  ajvs ??= { strict: createAjv(false), coercing: createAjv(true) };
  const { strict, coercing } = ajvs;
  return ({ schema, httpPart }) => {
    const coerce = httpPart !== "body" || (schema as Record<string, unknown>)[COERCE_KEYWORD] === true;
    const key = `${coerce ? "coercing" : "strict"} ${JSON.stringify(schema)}`;
    const ready = compiled.get(key);
    if (ready) return ready;
    if (!pending.has(key))
      pending.set(key, () => {
        const validate = refuseNonFinite((coerce ? coercing : strict).compile(boundNumbers(schema as object)));
        return coerce ? refuseNonDecimal(validate, schema as JsonObject) : validate;
      });
    return compiledOnFirstCall(key);
  };
}

/** The validator of `key`, compiled (once for the process) when it first validates. */
function compiledOnFirstCall(key: string): ValidateFunction {
  let validate: ValidateFunction | undefined;
  const first = ((data: unknown) => {
    validate ??= compile(key);
    const valid = validate(data);
    first.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return first;
}

function compile(key: string): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = pending.get(key)!();
    compiled.set(key, validate);
    pending.delete(key);
  }
  return validate;
}

/** Compiles every validator registered so far; returns how many were still waiting. */
export function compilePendingValidators(): number {
  const keys = [...pending.keys()];
  for (const key of keys) compile(key);
  return keys.length;
}

/**
 * ajv checks minimum and maximum before it coerces, so a query value "Infinity" or "1e400"
 * becomes Infinity and passes them; strictNumbers only guards values that arrive as numbers.
 * A valid result is therefore scanned once more for non-finite numbers.
 */
function refuseNonFinite(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const path = nonFinitePath(data);
    checked.errors =
      path === undefined
        ? null
        : [
            {
              keyword: "type",
              instancePath: path,
              schemaPath: "#",
              params: { type: "number" },
              message: "must be a finite number",
            },
          ];
    return path === undefined;
  }) as ValidateFunction;
  return Object.assign(checked, { schema: validate.schema });
}

type JsonObject = { readonly properties?: Record<string, { readonly type?: unknown }> };

const DECIMAL: Record<string, RegExp> = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ };

/**
 * ajv coerces text to a number as JavaScript does, so "0x2", "0b10", " 2" and "2e0" would all be
 * read as 2. A number that arrives as text (a query value, a coerced body) is accepted in decimal
 * digits only; query strings and coerced bodies are flat, so their top-level properties are all
 * there is to check.
 */
function refuseNonDecimal(validate: ValidateFunction, schema: JsonObject): ValidateFunction {
  const numeric = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const types = ([] as unknown[]).concat(property.type);
    const pattern = types.includes("integer") ? DECIMAL.integer : types.includes("number") ? DECIMAL.number : undefined;
    return pattern ? [[name, pattern] as const] : [];
  });
  if (numeric.length === 0) return validate;
  const checked = ((data: unknown) => {
    if (data && typeof data === "object")
      for (const [name, pattern] of numeric) {
        const value = (data as Record<string, unknown>)[name];
        if (typeof value === "string" && !pattern.test(value)) {
          checked.errors = [
            {
              keyword: "type",
              instancePath: `/${name}`,
              schemaPath: "#",
              params: { type: pattern === DECIMAL.integer ? "integer" : "number" },
              message: "must be written in decimal digits",
            },
          ];
          return false;
        }
      }
    const valid = validate(data);
    checked.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return Object.assign(checked, { schema: validate.schema });
}

let standalone: Ajv | undefined;
/** A validator for code outside the request cycle (seed values). */
export function compileStrict(schema: object): ValidateFunction {
  standalone ??= createAjv(false);
  return standalone.compile(boundNumbers(schema));
}
