// The EPCIS interface's own OpenAPI 3.1 document, served at /epcis/openapi.json beside the
// console's (/api/docs, which hides /epcis): a strict subset of GS1's EPCIS 2.0 REST binding, in
// its names (paths, query parameters, GS1-* headers, problem bodies, schema names), of what this
// server registers and nothing more. The parts of GS1's binding not built are listed in
// mock-server/README.md. A test holds the document to the registered routes and real answers.
import { ERROR_BEHAVIOURS } from "../domain/epcis/capture/capture-job";
import { BIZ_TRANSACTION, EVENT_QUERY_PARAMETERS, EVENT_TYPES, MAX_PER_PAGE } from "../domain/epcis/query-parameters";
import { PARAMETER_PREFIXES } from "./declared-parameters";
import type { EpcisExceptionName } from "../domain/epcis/epcis-problem";
import { DISCOVERY_LISTS } from "../domain/epcis/query-documents";
import { MAX_CAPTURE_BYTES, MAX_CAPTURE_EVENTS } from "../domain/epcis/capture/capture-document";

export const EPCIS_OPENAPI_PATH = "/openapi.json";

const LD = "application/ld+json";
const JSON_TYPE = "application/json";
const PROBLEM = "application/problem+json";
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const parameter = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const path = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });

const VERSION_HEADERS = {
  "GS1-EPCIS-Version": header("GS1-EPCIS-Version"),
  "GS1-CBV-Version": header("GS1-CBV-Version"),
};
/** A refusal of `status` and the GS1 exception types (GS1's binding, per status) it comes with. */
const problem = (status: number, types: readonly EpcisExceptionName[], description = types.join(" or ") + ".") => ({
  description,
  headers: VERSION_HEADERS,
  content: {
    [PROBLEM]: {
      schema: {
        allOf: [
          ref("RFC7807ProblemResponseBody"),
          {
            properties: {
              type: { enum: types.map((type) => `epcisException:${type}`) },
              status: { const: status },
            },
          },
        ],
      },
    },
  },
});
/** The refusals every operation can give: a parameter, no or a lapsed session/key, a missing grant, nothing by that name, a fault. */
const REFUSALS = {
  "400": problem(400, ["QueryParameterException", "QueryValidationException", "ValidationException"]),
  "401": problem(401, ["SecurityException"], "SecurityException: no Token and no partner key, or a lapsed one."),
  "403": problem(403, ["SecurityException"], "SecurityException: the caller lacks the permission."),
  "404": problem(404, ["NoSuchNameException"]),
  "500": problem(500, ["ImplementationException"]),
};
const ok = (description: string, schema: object, type = JSON_TYPE, headers: object = {}) => ({
  description,
  headers: { ...VERSION_HEADERS, ...headers },
  content: { [type]: { schema } },
});
const paged = (description: string, schema: object, type = JSON_TYPE) =>
  ok(description, schema, type, { Link: header("Link") });
const PAGING = [parameter("PerPage"), parameter("NextPageToken")];
const EVENT_QUERY = [
  ...PAGING,
  ...EVENT_QUERY_PARAMETERS.filter((name) => !["perPage", "nextPageToken"].includes(name)).map((name) => ({
    name,
    in: "query",
    required: false,
    schema: { type: "string" },
  })),
];
/** The EQ_bizTransaction_{type} family, which OpenAPI cannot list by name (declared-parameters.ts reads it). */
const BIZ_TRANSACTIONS = { [PARAMETER_PREFIXES]: [BIZ_TRANSACTION] };
const noContent = { description: "Deleted.", headers: VERSION_HEADERS };

/** The discovery lists GS1 names as top-level resources: each a Collection of URIs (or names). */
const discoveryPaths = Object.fromEntries(
  DISCOVERY_LISTS.map((list) => [
    `/${list}`,
    {
      get: {
        operationId: `get${list[0].toUpperCase()}${list.slice(1)}`,
        summary: `The ${list} the caller's events use.`,
        parameters: PAGING,
        responses: { "200": paged("A Collection.", ref("Collection"), LD), ...REFUSALS },
      },
    },
  ]),
);

export function epcisOpenApi(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "EPCIS 2.0 REST binding (trace console)",
      version: "2.0.0",
      description:
        "A strict subset of GS1's EPCIS 2.0 REST binding, served under /epcis. The console's own API is at /api/docs. " +
        "What of GS1's binding is not built is listed in mock-server/README.md.",
    },
    servers: [{ url: "/epcis" }],
    security: [{ PartnerKey: [] }, { Token: [] }],
    paths: {
      "/events": {
        get: {
          operationId: "getEvents",
          summary: "Events the caller may see, filtered by SimpleEventQuery's parameters.",
          description:
            "Besides the parameters listed, EQ_bizTransaction_{type} (a business transaction of that type; OpenAPI cannot name a parameter by pattern).",
          parameters: EVENT_QUERY,
          ...BIZ_TRANSACTIONS,
          responses: { "200": paged("An EPCISQueryDocument page.", ref("EPCISQueryDocument"), LD), ...REFUSALS },
        },
      },
      "/events/{eventID}": {
        get: {
          operationId: "getEvent",
          parameters: [path("eventID")],
          responses: { "200": ok("The event, with its @context.", ref("EPCISEvent"), LD), ...REFUSALS },
        },
      },
      "/epcs/{epc}/events": {
        get: {
          operationId: "getEpcEvents",
          parameters: [path("epc"), ...EVENT_QUERY],
          ...BIZ_TRANSACTIONS,
          responses: { "200": paged("The EPC's events.", ref("EPCISQueryDocument"), LD), ...REFUSALS },
        },
      },
      ...discoveryPaths,
      "/nextPageToken/{token}": {
        delete: {
          operationId: "deleteNextPageToken",
          summary: "GS1's optional release of a page token: not built, a token here holds nothing on the server.",
          parameters: [path("token")],
          responses: { "501": problem(501, ["ImplementationException"]), ...REFUSALS },
        },
      },
      "/capture": {
        post: {
          operationId: "capture",
          parameters: [parameter("GS1-Capture-Error-Behaviour")],
          requestBody: {
            required: true,
            content: { [JSON_TYPE]: { schema: ref("EPCISDocument") }, [LD]: { schema: ref("EPCISDocument") } },
          },
          responses: {
            "202": {
              description: "Accepted: the capture job's address is in Location.",
              headers: {
                ...VERSION_HEADERS,
                Location: header("Location"),
                "GS1-EPCIS-Capture-Limit": header("GS1-EPCIS-Capture-Limit"),
                "GS1-EPCIS-Capture-File-Size-Limit": header("GS1-EPCIS-Capture-File-Size-Limit"),
              },
            },
            "413": problem(413, ["CaptureLimitExceededException"]),
            ...REFUSALS,
          },
        },
        get: {
          operationId: "getCaptureJobs",
          parameters: PAGING,
          responses: {
            "200": paged("The caller's capture jobs, newest first.", { type: "array", items: ref("CaptureJob") }),
            ...REFUSALS,
          },
        },
      },
      "/capture/{captureID}": {
        get: {
          operationId: "getCaptureJob",
          parameters: [path("captureID")],
          responses: { "200": ok("The capture job.", ref("CaptureJob")), ...REFUSALS },
        },
      },
      "/queries": {
        get: {
          operationId: "getQueries",
          parameters: PAGING,
          responses: { "200": paged("The named queries.", { type: "array", items: ref("NamedQuery") }), ...REFUSALS },
        },
        post: {
          operationId: "createQuery",
          requestBody: { required: true, content: { [JSON_TYPE]: { schema: ref("NamedQuery") } } },
          responses: {
            "201": ok("Created; its address is in Location.", ref("NamedQuery"), JSON_TYPE, {
              Location: header("Location"),
            }),
            "409": problem(409, ["ResourceAlreadyExistsException"]),
            "413": problem(413, ["QueryTooComplexException"]),
            ...REFUSALS,
          },
        },
      },
      "/queries/{queryName}": {
        get: {
          operationId: "getQuery",
          parameters: [path("queryName")],
          responses: { "200": ok("The named query.", ref("NamedQuery")), ...REFUSALS },
        },
        delete: {
          operationId: "deleteQuery",
          parameters: [path("queryName")],
          responses: { "204": noContent, ...REFUSALS },
        },
      },
      "/queries/{queryName}/events": {
        get: {
          operationId: "getQueryEvents",
          description:
            "The query's events, paged; asked with Upgrade: websocket and stream=true, a WebSocket subscription to its new events " +
            "(stream on a plain GET is refused: it needs the upgrade).",
          parameters: [
            path("queryName"),
            ...PAGING,
            { name: "stream", in: "query", required: false, schema: { type: "boolean" } },
          ],
          responses: {
            "200": paged("An EPCISQueryDocument page.", ref("EPCISQueryDocument"), LD),
            "101": {
              description: "Switching Protocols: the WebSocket subscription, one EPCISQueryDocument per text frame.",
              headers: {
                ...VERSION_HEADERS,
                Upgrade: { required: true, schema: { type: "string", const: "websocket" } },
                Connection: { required: true, schema: { type: "string", pattern: "^[Uu]pgrade$" } },
                "Sec-WebSocket-Accept": { required: true, schema: { type: "string", pattern: "^[A-Za-z0-9+/]{27}=$" } },
              },
            },
            ...REFUSALS,
            // A page's parameters, or the WebSocket subscription's controls (stream=true).
            "400": problem(400, [
              "QueryParameterException",
              "QueryValidationException",
              "SubscriptionControlsException",
            ]),
          },
        },
      },
      "/queries/{queryName}/subscriptions": {
        get: {
          operationId: "getSubscriptions",
          parameters: [path("queryName")],
          responses: {
            "200": ok("The query's subscriptions.", { type: "array", items: ref("Subscription") }),
            ...REFUSALS,
          },
        },
        post: {
          operationId: "createSubscription",
          parameters: [path("queryName")],
          requestBody: { required: true, content: { [JSON_TYPE]: { schema: { type: "object" } } } },
          responses: {
            "201": ok("Created; its address is in Location.", ref("Subscription"), JSON_TYPE, {
              Location: header("Location"),
            }),
            ...REFUSALS,
            // GS1's binding: a subscription's 400 is its controls or its body.
            "400": problem(400, ["QueryParameterException", "SubscriptionControlsException", "ValidationException"]),
            "413": problem(413, ["QueryTooComplexException"]),
          },
        },
      },
      "/queries/{queryName}/subscriptions/{subscriptionID}": {
        get: {
          operationId: "getSubscription",
          parameters: [path("queryName"), path("subscriptionID")],
          responses: { "200": ok("The subscription.", ref("Subscription")), ...REFUSALS },
        },
        delete: {
          operationId: "deleteSubscription",
          parameters: [path("queryName"), path("subscriptionID")],
          responses: { "204": noContent, ...REFUSALS },
        },
      },
      // Our extension of the binding: hold a subscription's delivery and let it go on.
      ...Object.fromEntries(
        ["pause", "resume"].map((verb) => [
          `/queries/{queryName}/subscriptions/{subscriptionID}/${verb}`,
          {
            post: {
              operationId: `${verb}Subscription`,
              description: "An extension of this server, not GS1's.",
              parameters: [path("queryName"), path("subscriptionID")],
              responses: { "200": ok("The subscription.", ref("Subscription")), ...REFUSALS },
            },
          },
        ]),
      ),
    },
    components: {
      securitySchemes: {
        PartnerKey: {
          type: "http",
          scheme: "bearer",
          description: "A partner client's API key (Authorization: Bearer).",
        },
        Token: {
          type: "apiKey",
          in: "header",
          name: "Token",
          description: "A console session's token (/api/sso/login).",
        },
      },
      parameters: {
        PerPage: {
          name: "perPage",
          in: "query",
          required: false,
          schema: { type: "integer", minimum: 1, maximum: MAX_PER_PAGE },
        },
        NextPageToken: { name: "nextPageToken", in: "query", required: false, schema: { type: "string" } },
        "GS1-Capture-Error-Behaviour": {
          name: "GS1-Capture-Error-Behaviour",
          in: "header",
          required: false,
          schema: { type: "string", enum: [...ERROR_BEHAVIOURS] },
        },
      },
      headers: {
        "GS1-EPCIS-Version": { required: true, schema: { type: "string", const: "2.0.0" } },
        "GS1-CBV-Version": { required: true, schema: { type: "string", const: "2.0.0" } },
        "GS1-EPCIS-Capture-Limit": { required: true, schema: { type: "string", const: String(MAX_CAPTURE_EVENTS) } },
        "GS1-EPCIS-Capture-File-Size-Limit": {
          required: true,
          schema: { type: "string", const: String(MAX_CAPTURE_BYTES) },
        },
        Location: { required: true, schema: { type: "string" } },
        Link: {
          description: 'The next page, when there is one: <…&nextPageToken=…>; rel="next".',
          required: false,
          schema: { type: "string" },
        },
      },
      schemas: {
        RFC7807ProblemResponseBody: {
          type: "object",
          required: ["type", "title", "status"],
          properties: {
            type: { type: "string", pattern: "^epcisException:[A-Za-z]+Exception$" },
            title: { type: "string" },
            status: { type: "integer", minimum: 400, maximum: 599 },
            detail: { type: "string" },
            instance: { type: "string" },
            code: {
              type: "integer",
              description: "The console's error code, when the refusal is one the console also gives.",
            },
          },
        },
        EPCISDocument: {
          type: "object",
          required: ["@context", "type", "epcisBody"],
          description: "Checked on capture against GS1's EPCIS 2.0 JSON Schema (EPCISDocument.schema.json).",
          properties: { type: { const: "EPCISDocument" } },
        },
        EPCISQueryDocument: {
          type: "object",
          required: ["@context", "type", "schemaVersion", "creationDate", "epcisBody"],
          properties: {
            type: { const: "EPCISQueryDocument" },
            schemaVersion: { const: "2.0" },
            creationDate: { type: "string" },
            epcisBody: {
              type: "object",
              required: ["queryResults"],
              properties: {
                queryResults: {
                  type: "object",
                  required: ["queryName", "resultsBody"],
                  properties: {
                    queryName: { type: "string" },
                    subscriptionID: { type: "string" },
                    resultsBody: {
                      type: "object",
                      required: ["eventList"],
                      properties: { eventList: { type: "array", items: ref("EPCISEvent") } },
                    },
                  },
                },
              },
            },
          },
        },
        EPCISEvent: {
          type: "object",
          description:
            "The fields every answer's event has; each event also conforms to GS1's EPCIS 2.0 JSON Schema " +
            "(https://ref.gs1.org/standards/epcis/epcis-json-schema.json), which the tests check.",
          required: ["type", "eventTime", "eventTimeZoneOffset"],
          properties: {
            type: { enum: [...EVENT_TYPES] },
            eventID: { type: "string" },
            eventTime: { type: "string" },
            recordTime: { type: "string" },
            eventTimeZoneOffset: { type: "string", pattern: "^[+-]\\d{2}:\\d{2}$" },
          },
        },
        Collection: {
          type: "object",
          required: ["type", "member"],
          properties: { type: { const: "Collection" }, member: { type: "array", items: { type: "string" } } },
        },
        CaptureJob: {
          type: "object",
          required: ["captureID", "createdAt", "running", "success", "captureErrorBehaviour", "errors"],
          properties: {
            captureID: { type: "string" },
            createdAt: { type: "string" },
            finishedAt: { type: "string" },
            running: { type: "boolean" },
            success: { type: "boolean" },
            captureErrorBehaviour: { enum: [...ERROR_BEHAVIOURS] },
            errors: { type: "array", items: ref("RFC7807ProblemResponseBody") },
          },
        },
        NamedQuery: {
          type: "object",
          required: ["name", "query"],
          properties: { name: { type: "string" }, query: { type: "object" } },
        },
        // As subscriptions.ts viewOf answers: the subscription and its delivery state.
        Subscription: {
          type: "object",
          required: ["subscriptionID", "queryName", "dest", "reportIfEmpty", "createdAt", "delivery"],
          properties: {
            subscriptionID: { type: "string" },
            queryName: { type: "string" },
            dest: { type: "string" },
            stream: { type: "boolean" },
            reportIfEmpty: { type: "boolean" },
            createdAt: { type: "string" },
            delivery: {
              type: "object",
              required: ["state", "deliveredEvents", "cursor", "attempts", "nextTryAt"],
              properties: {
                state: { enum: ["active", "failing", "paused"] },
                pausedAt: { type: ["string", "null"] },
                deliveredEvents: { type: "integer", minimum: 0 },
                cursor: { type: "integer", minimum: 0 },
                lastSuccessAt: { type: ["string", "null"] },
                lastError: { type: ["string", "null"] },
                lastErrorAt: { type: ["string", "null"] },
                attempts: { type: "integer", minimum: 0 },
                nextTryAt: { type: "string" },
              },
            },
          },
        },
      },
    },
  };
}
