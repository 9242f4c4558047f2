// The query parameters each /epcis operation takes are the ones its OpenAPI document
// (epcis-openapi.ts) declares, and nothing else: a name the document does not declare for the
// operation is GS1's QueryParameterException, whatever the route. One check for every route, read
// from the document itself, so a route cannot forget it and the document cannot promise what the
// server refuses. A family of names OpenAPI cannot list (EQ_bizTransaction_{type}) is declared by
// its prefix in the operation's x-query-parameter-prefixes.
import type { FastifyReply, FastifyRequest } from "fastify";
import { message } from "../../schema/contract/messages";
import { badParameter } from "../domain/epcis/epcis-problem";

export const PARAMETER_PREFIXES = "x-query-parameter-prefixes";

interface Declared {
  readonly names: ReadonlySet<string>;
  readonly prefixes: readonly string[];
}

type Parameter = { name?: string; in?: string; $ref?: string };
type Operation = { parameters?: Parameter[]; [PARAMETER_PREFIXES]?: string[] };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter> };
};

/** An operation's key as a route and a document path both give it: GET /events/:_ */
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/[:{](\w+)\}?/g, ":_")}`;

/** Per operation of the document, the query parameters it declares. */
export function declaredParameters(document: Record<string, unknown>): ReadonlyMap<string, Declared> {
  const { paths, components } = document as Document;
  const declared = new Map<string, Declared>();
  for (const [path, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []).map((parameter) =>
        parameter.$ref ? components.parameters[parameter.$ref.split("/").pop()!] : parameter,
      );
      declared.set(keyOf(method, path), {
        names: new Set(parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name!)),
        prefixes: operation[PARAMETER_PREFIXES] ?? [],
      });
    }
  return declared;
}

/**
 * A preHandler of the /epcis scope (`prefix` its mount point): refuses a query parameter the
 * document does not declare for the request's operation. A route the document does not describe
 * (the document itself) is left alone.
 */
export function refuseUndeclaredParameters(document: Record<string, unknown>, prefix: string) {
  const declared = declaredParameters(document);
  const refuse = (request: FastifyRequest): void => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(prefix)) return;
    const operation = declared.get(keyOf(request.method, route.slice(prefix.length)));
    if (!operation) return;
    for (const name of Object.keys(request.query ?? {}))
      if (!operation.names.has(name) && !operation.prefixes.some((start) => name.startsWith(start) && name !== start))
        throw badParameter(message("epcis.unknownParameter", { name }));
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    try {
      refuse(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}
