// src/api/generated/calls.gen.ts: a typed client function per hand-written call of the contract
// (schema/contract/calls.ts), its input and answer types made from the call's JSON Schemas by
// json-schema-to-typescript, as the resource types are.
import { compile } from "json-schema-to-typescript";
import type { CallContract } from "../../schema/contract/call-contract";
import { API_OUT, type GeneratedFile } from "./generated-file";
import { literal, PRINT_WIDTH, printString, widthOf } from "./print-literal";
import { printTypes } from "./print-types";

export const CALLS_SOURCE = "schema/contract/calls.ts";
/** Beside clients/, which holds one module per resource: a resource may be called "calls". */
export const CALL_CLIENTS_PATH = `${API_OUT}/calls.gen.ts`;

type Schema = { readonly [key: string]: unknown };

const OPTIONS = {
  bannerComment: "",
  additionalProperties: false,
  format: false,
  unknownAny: true,
  strictIndexSignatures: true,
} as const;

const pascal = (name: string): string => name[0].toUpperCase() + name.slice(1);
export const inputTypeOf = (name: string): string => `${pascal(name)}Input`;
export const dataTypeOf = (name: string): string => `${pascal(name)}Data`;

/** Inputs without a required parameter may be left out. */
const optional = (input: Schema): boolean => !Array.isArray(input.required) || input.required.length === 0;

/** One root over every call's input and data, their $defs lifted to it, so each type is declared once. */
export function callTypingSchema(calls: Readonly<Record<string, CallContract>>): Schema {
  const defs: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  const lift = (schema: Schema, title: string) => {
    const { $defs, ...rest } = schema as Schema & { $defs?: Record<string, unknown> };
    Object.assign(defs, $defs ?? {});
    properties[title] = { ...rest, title };
  };
  for (const [name, call] of Object.entries(calls)) {
    if (call.input) lift(call.input, inputTypeOf(name));
    if (call.answer !== "file") lift(call.data, dataTypeOf(name));
  }
  return { title: "CallTypes", type: "object", additionalProperties: false, properties, $defs: defs };
}

/** prettier's layout of a declaration: the parameters one a line when the first line is too long. */
function functionHead(name: string, params: readonly string[], returns: string): string {
  const oneLine = `export function ${name}(${params.join(", ")}): ${returns} {`;
  if (widthOf(oneLine) <= PRINT_WIDTH) return oneLine;
  return `export function ${name}(\n${params.map((param) => `  ${param},\n`).join("")}): ${returns} {`;
}

/** `return callee(args);` in the function body, the arguments one a line once an object among them is written open. */
function returnCall(callee: string, args: readonly string[]): string {
  const oneLine = `  return ${callee}(${args.join(", ")});`;
  if (widthOf(oneLine) <= PRINT_WIDTH && !oneLine.includes("\n")) return oneLine;
  return `  return ${callee}(\n${args.map((arg) => `    ${arg},\n`).join("")}  );`;
}

/** A file call: read as it streams (requestFile), with progress; a refusal is the same ApiError as any call's. */
function fileClientFunction(name: string, call: CallContract, doc: string): string {
  if (call.endpoint.method !== "GET") throw new Error(`${CALLS_SOURCE}: ${name} answers a file, so it must be a GET`);
  const input = call.input ? [`input: ${inputTypeOf(name)}${optional(call.input) ? " = {}" : ""}`] : [];
  const query = call.input ? "query: { ...input }, " : "";
  const params = [...input, "onProgress: (progress: FileProgress) => void = () => {}", "signal?: AbortSignal"];
  const request = `{ path: ${printString(call.endpoint.path)}, ${query}signal }`;
  return `${doc}\n${functionHead(name, params, "Promise<DownloadedFile>")}\n${returnCall("requestFile", [request, "onProgress"])}\n}\n`;
}

/** A multipart call: the input's fields and the files in one multipart/form-data POST. */
function multipartClientFunction(name: string, call: CallContract, doc: string): string {
  if (call.endpoint.method !== "POST" || !call.input)
    throw new Error(`${CALLS_SOURCE}: ${name} sends multipart, so it must be a POST with an input`);
  const answer = dataTypeOf(name);
  const endpoint = literal({ method: call.endpoint.method, path: call.endpoint.path }, 4);
  const params = [`input: ${inputTypeOf(name)}`, "files: readonly Blob[]", "signal?: AbortSignal"];
  return `${doc}\n${functionHead(name, params, `Promise<${answer}>`)}\n${returnCall(`callMultipart<${answer}>`, [endpoint, "{ ...input }", "files", "signal"])}\n}\n`;
}

function clientFunction(name: string, call: CallContract): string {
  const { method, path } = call.endpoint;
  const doc = `/** ${call.summary} (${method} ${path}, ${call.access}). */`;
  if (call.answer === "file") return fileClientFunction(name, call, doc);
  if (call.body === "multipart") return multipartClientFunction(name, call, doc);
  const answer = dataTypeOf(name);
  const endpoint = literal({ method, path }, 4);
  // options: what request() needs beyond the endpoint for a few calls (the login's timeout, the login log's base URL).
  const rest = ["signal?: AbortSignal", "options?: CallOptions"];
  const input = call.input ? [`input: ${inputTypeOf(name)}${optional(call.input) ? " = {}" : ""}`] : [];
  const body = returnCall(`callEndpoint<${answer}>`, [
    endpoint,
    call.input ? "{ ...input }" : "{}",
    "signal",
    "options",
  ]);
  return `${doc}\n${functionHead(name, [...input, ...rest], `Promise<${answer}>`)}\n${body}\n}\n`;
}

export async function emitCallClients(calls: Readonly<Record<string, CallContract>>): Promise<GeneratedFile[]> {
  const compiled = await compile(callTypingSchema(calls), "CallTypes", OPTIONS);
  // The root only gathers the types for one compile; nobody reads it.
  const types = printTypes(compiled.replace(/^export interface CallTypes \{[^}]*\}\n/m, ""));
  const content = [
    `// Generated from ${CALLS_SOURCE} by \`npm run generate\`. Do not edit this file:`,
    "// change the contract and run `npm run generate` again.",
    "",
    'import { callEndpoint, callMultipart, type CallOptions } from "../endpoint-call";',
    'import { requestFile, type DownloadedFile, type FileProgress } from "../http-client";',
    "",
    types,
    ...Object.entries(calls).map(([name, call]) => clientFunction(name, call)),
  ].join("\n");
  return [{ path: CALL_CLIENTS_PATH, content }];
}
