// The EPCIS 2.0 capture interface (REST binding) under /epcis, a thin adapter over
// domain/epcis/capture: POST /capture takes an EPCISDocument (application/json or
// application/ld+json, at most MAX_CAPTURE_BYTES and MAX_CAPTURE_EVENTS) and answers 202 with the
// Location of its capture job, which runs after the answer (domain/epcis/capture/capture-jobs.ts:
// in this process, or in another if this one stops first); GET /capture/{captureID} reports the
// job, GET /capture lists the caller's jobs newest first (an administrator's: everyone's). A
// document refused whole (not a document, GS1's schema, too large) is a problem body at once and
// makes no job. Who may call: an account or partner client holding `epciscapture`
// (docs/decisions/0021, 0024); a dealer's caller captures for its own dealer and sees its own jobs only.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authOf } from "../auth/access";
import type { AppContext } from "../context";
import { message } from "../../schema/contract/messages";
import { languageOfRequest } from "../errors";
import { captorOfRequest } from "./epcis-caller";
import { captureDocument, MAX_CAPTURE_BYTES, MAX_CAPTURE_EVENTS } from "../domain/epcis/capture/capture-document";
import { ERROR_BEHAVIOURS, type ErrorBehaviour } from "../domain/epcis/capture/capture-job";
import { captureJobs } from "../domain/epcis/capture/capture-jobs";
import { captureJobReport } from "../domain/epcis/capture/capture-report";
import { captureJobList } from "../domain/epcis/capture/capture-job-list";
import type { RawQuery } from "../domain/epcis/query-parameters";
import { invalidDocument, noSuchResource } from "../domain/epcis/epcis-problem";

/** The permission (a menu key of the manifest) capturing needs. */
export const EPCIS_CAPTURE_PERMISSION = "epciscapture";

function errorBehaviourOf(request: FastifyRequest): ErrorBehaviour {
  const header = request.headers["gs1-capture-error-behaviour"];
  if (header === undefined) return "rollback";
  const value = String(header).toLowerCase();
  if (!(ERROR_BEHAVIOURS as readonly string[]).includes(value))
    throw invalidDocument(message("epcisCapture.badErrorBehaviour", { value: String(header) }));
  return value as ErrorBehaviour;
}

/** Registers the capture routes in the EPCIS scope; the app's runner runs their jobs. */
export function registerCaptureRoutes(
  scope: FastifyInstance,
  ctx: AppContext,
  prefix: string,
  nextLink: (request: FastifyRequest, token: string) => string,
): void {
  const config = { access: { roles: [EPCIS_CAPTURE_PERMISSION], partnerKeys: true } };
  const limits = {
    "GS1-EPCIS-Capture-Limit": String(MAX_CAPTURE_EVENTS),
    "GS1-EPCIS-Capture-File-Size-Limit": String(MAX_CAPTURE_BYTES),
  };
  scope.post("/capture", { config, bodyLimit: MAX_CAPTURE_BYTES }, async (request, reply) => {
    const behaviour = errorBehaviourOf(request);
    const captor = await captorOfRequest(ctx, request);
    const document = captureDocument(request.body);
    const id = await captureJobs(ctx).create(captor, document, behaviour);
    void reply
      .status(202)
      .headers(limits)
      .header("location", `${prefix}/capture/${encodeURIComponent(id)}`);
    return "";
  });
  scope.get("/capture", { config }, async (request, reply) => {
    const { accountId, grants } = authOf(request);
    const page = await captureJobList(
      ctx,
      { accountId, admin: grants.admin },
      (request.query ?? {}) as RawQuery,
      languageOfRequest(request),
    );
    if (page.next) void reply.header("link", nextLink(request, page.next));
    return page.list;
  });
  scope.get<{ Params: { id: string } }>("/capture/:id", { config }, async (request) => {
    const captor = await captorOfRequest(ctx, request);
    const report = await captureJobReport(ctx, request.params.id, languageOfRequest(request));
    // A partner sees its own jobs only; another's is no job of its.
    if (captor.dealer) {
      const owner = await ctx.store.get<{ account_id: number }>(
        `SELECT account_id FROM _epcis_capture_jobs WHERE id = ?`,
        [request.params.id],
      );
      if (Number(owner?.account_id) !== captor.accountId)
        throw noSuchResource(message("epcisCapture.noCaptureJob", { id: request.params.id }));
    }
    return report;
  });
}
