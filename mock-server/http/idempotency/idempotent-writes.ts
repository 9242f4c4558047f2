// A write call's Idempotency-Key (RouteSpec.idempotencyKey): a client that retries a write whose
// answer it lost sends the same key, and gets the first answer again instead of a second write (or a
// false refusal: "already activated"). The rule, for every call that takes a key:
// - the key is 1–64 of [A-Za-z0-9_-], else 400; a call without a key runs as it always did;
// - the key is claimed in the write's own transaction and its answer stored there, so the write and
//   its key commit together or not at all: a refused or failed write leaves no key, and its retry
//   runs the rules again;
// - same key, same call and body: nothing is applied, the stored status and body are answered;
// - same key, another call or body: 422;
// - same key while the first request still runs: 425 with Retry-After (never 409, which a client
//   takes as final);
// - keys are per account and kept 7 days (pruned at start and hourly as writes come in).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Store } from "../../db/store";
import { ApiError, ErrorCode } from "../../refusals";
import { message } from "../../../schema/contract/messages";
import type { IdempotencyKeys } from "./idempotency-keys";
import { requestHash } from "./request-hash";

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** Set on an answer given again from a stored key, so a client or a log can tell. */
export const REPLAYED_HEADER = "idempotent-replayed";
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A repeat that finds its first request still running is told to come back this soon. */
export const RETRY_AFTER_S = 1;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

declare module "fastify" {
  interface FastifyRequest {
    /** The request's Idempotency-Key and the hash of its body as sent, when it carries one. */
    idempotency?: { readonly key: string; readonly requestHash: string };
  }
}

/**
 * preValidation of a call that takes a key, before any hook rewrites the body: checks the header
 * and hashes the body as the client sent it.
 */
export function readIdempotencyKey(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return done();
  if (typeof header !== "string" || !KEY_PATTERN.test(header))
    return done(new ApiError(400, ErrorCode.validation, message("common.idempotencyKeyMalformed")));
  request.idempotency = { key: header, requestHash: requestHash(request.body) };
  done();
}

const inProgress = (key: string): ApiError =>
  new ApiError(
    425,
    ErrorCode.idempotencyKeyInProgress,
    message("common.idempotencyKeyInProgress", { key, seconds: RETRY_AFTER_S }),
  );

export class IdempotentWrites {
  /** Account and key of the requests running in this process. */
  private readonly running = new Set<string>();
  private lastPrune: number;

  constructor(
    private readonly store: Store,
    private readonly keys: IdempotencyKeys,
    private readonly clock: () => number,
  ) {
    this.lastPrune = clock();
  }

  /** Answers `answer()` (the call's envelope) once per key; a request without a key runs it as it is. */
  async run(
    request: FastifyRequest,
    reply: FastifyReply,
    route: string,
    answer: () => Promise<unknown>,
  ): Promise<unknown> {
    const sent = request.idempotency;
    if (!sent) return await answer();
    const accountId = request.auth?.accountId;
    if (accountId === undefined) throw new Error(`${route}: an Idempotency-Key on a call without a session`);
    const slot = `${accountId}\n${sent.key}`;
    if (this.running.has(slot)) {
      void reply.header("retry-after", RETRY_AFTER_S);
      throw inProgress(sent.key);
    }
    this.running.add(slot);
    try {
      await this.pruneNowAndThen();
      return await this.store.transaction(async () => {
        const outcome = await this.keys.claim({ accountId, key: sent.key, route, requestHash: sent.requestHash });
        if (outcome.kind === "mismatch")
          throw new ApiError(
            422,
            ErrorCode.idempotencyKeyReused,
            message("common.idempotencyKeyReused", { key: sent.key }),
          );
        if (outcome.kind === "pending") {
          void reply.header("retry-after", RETRY_AFTER_S);
          throw inProgress(sent.key);
        }
        if (outcome.kind === "replay") {
          void reply.code(outcome.answer.status).header(REPLAYED_HEADER, "true");
          return JSON.parse(outcome.answer.body) as unknown;
        }
        const body = await answer();
        await this.keys.complete(accountId, sent.key, { status: reply.statusCode, body: JSON.stringify(body) });
        return body;
      });
    } finally {
      this.running.delete(slot);
    }
  }

  private async pruneNowAndThen(): Promise<void> {
    if (this.clock() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = this.clock();
    await this.keys.prune();
  }
}
