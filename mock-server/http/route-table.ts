// Registers the API's calls from contract endpoints. Two owners of one METHOD + path are a
// start-up error that names both, instead of fastify's bare "already declared".
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import type { Access } from "../auth/access";
import type { CallContract } from "../../schema/contract/call-contract";
import type { ContractEndpoint } from "../../schema/contract/server-contract";
import { ok } from "../envelope";
import { readIdempotencyKey, type IdempotentWrites } from "./idempotency/idempotent-writes";

export const EMPTY_QUERY = { type: "object", additionalProperties: false, properties: {} };

export interface RouteSpec {
  readonly endpoint: ContractEndpoint;
  /** Who declared it, for error messages: "employees.create". */
  readonly owner: string;
  readonly access: Access;
  /** Requests per address per minute (@fastify/rate-limit, registered in app.ts); unlimited if absent. */
  readonly perAddressPerMinute?: number;
  /** Input schema: the query string of a GET, the JSON body otherwise. */
  readonly input?: Record<string, unknown>;
  readonly response?: Record<string, unknown>;
  readonly tags: readonly string[];
  readonly summary: string;
  /**
   * Reads the JSON body before it is validated: a value the call also accepts in an older shape
   * becomes the shape the schema holds (it may read the database). May reject with a refusal.
   */
  readonly readBody?: (body: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /**
   * A write a client may retry: it honours an Idempotency-Key (idempotency/idempotent-writes.ts),
   * so the whole call, its answer included, runs in one transaction. Only for a signed-in POST whose
   * refusal writes nothing that must stay (a refusal rolls the key back with the write).
   */
  readonly idempotencyKey?: boolean;
  /** Returns the envelope's data, or a promise of it. */
  readonly handler: (request: FastifyRequest, input: Record<string, unknown>, reply: FastifyReply) => unknown;
}

/**
 * The route fields a hand-written call takes from its contract entry (schema/contract/calls.ts).
 * The roles themselves come from the manifest at start-up; a kind that disagrees with the
 * contract's (public, open, granted) stops the server.
 */
export function callRoute(
  call: CallContract,
  access: Access,
): Pick<RouteSpec, "endpoint" | "owner" | "summary" | "input" | "access"> {
  const kind = access.public ? "public" : access.roles ? "granted" : "open";
  if (kind !== call.access)
    throw new Error(`${call.owner}: the contract says ${call.access}, the server grants it as ${kind}`);
  return {
    endpoint: call.endpoint,
    owner: call.owner,
    summary: call.summary,
    access,
    ...(call.input ? { input: call.input } : {}),
  };
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";

const readBodyHook =
  (read: NonNullable<RouteSpec["readBody"]>) =>
  async (request: FastifyRequest): Promise<void> => {
    const body = request.body;
    if (body !== null && typeof body === "object" && !Array.isArray(body))
      request.body = await read(body as Record<string, unknown>);
  };

export class RouteTable {
  private readonly owners = new Map<string, string>();
  /** "METHOD path" of the calls that take an Idempotency-Key. */
  private readonly keyed = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    /** Where calls marked idempotencyKey keep their keys; a table without it takes no such call. */
    private readonly writes?: IdempotentWrites,
  ) {}

  has(endpoint: ContractEndpoint): boolean {
    return this.owners.has(`${endpoint.method} ${endpoint.path}`);
  }

  /** Whether METHOD path is a call that takes an Idempotency-Key (a write a client may send again). */
  takesKey(method: string, path: string): boolean {
    return this.keyed.has(`${method} ${path}`);
  }

  add(spec: RouteSpec): void {
    const key = `${spec.endpoint.method} ${spec.endpoint.path}`;
    const previous = this.owners.get(key);
    if (previous) throw new Error(`Two calls share ${key}: ${previous} and ${spec.owner}`);
    this.owners.set(key, spec.owner);
    const isQuery = spec.endpoint.method === "GET";
    const writes = spec.idempotencyKey ? this.writes : undefined;
    if (spec.idempotencyKey && (!writes || isQuery || spec.access.public))
      throw new Error(`${spec.owner}: an Idempotency-Key needs a signed-in write on a table that keeps keys`);
    if (writes) this.keyed.add(key);
    const preValidation = [
      ...(writes ? [readIdempotencyKey] : []),
      ...(spec.readBody && !isQuery ? [readBodyHook(spec.readBody)] : []),
    ];
    const schema: FastifySchema & Record<string, unknown> = {
      tags: [...spec.tags],
      summary: spec.summary,
      operationId: spec.owner,
      ...(spec.access.public ? {} : { security: [{ Token: [] }] }),
    };
    // A call that declares no query parameters still refuses unknown ones, GET or POST alike.
    if (isQuery) schema.querystring = spec.input ?? EMPTY_QUERY;
    else {
      schema.querystring = EMPTY_QUERY;
      if (spec.input) schema.body = spec.input;
    }
    if (spec.response) schema.response = { 200: spec.response };
    this.app.route({
      method: spec.endpoint.method,
      url: spec.endpoint.path,
      schema,
      ...(preValidation.length ? { preValidation } : {}),
      config: {
        access: spec.access,
        ...(spec.perAddressPerMinute ? { rateLimit: { max: spec.perAddressPerMinute, timeWindow: 60_000 } } : {}),
      },
      // A handler that answers at once is answered at once: no promise, no extra turn of the
      // microtask queue on the hottest calls. fastify sends a returned value and
      // turns a thrown error into the envelope, as it does for a rejected promise.
      handler: (request, reply) => {
        const input = ((isQuery ? request.query : request.body) ?? {}) as Record<string, unknown>;
        if (writes) return writes.run(request, reply, key, async () => ok(await spec.handler(request, input, reply)));
        const data = spec.handler(request, input, reply);
        return isPromise(data) ? data.then(ok) : ok(data);
      },
    });
  }
}
