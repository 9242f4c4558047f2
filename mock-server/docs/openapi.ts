// The OpenAPI 3 document, generated from the route schemas (@fastify/swagger), and its viewer
// at /api/docs, so the team building the real backend reads the same contract.
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { COERCE_KEYWORD } from "../http/validator-compilers";

export const DOCS_PREFIX = "/api/docs";

export async function registerOpenApi(app: FastifyInstance, title: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${title} API`,
        version: "4.1.0",
        description:
          "Every response is the envelope {status_code, message, code, data}; the HTTP status equals status_code. " +
          "Send the token from /api/sso/login in the Token header. See mock-server/README.md for the code table. " +
          "The EPCIS 2.0 interface under /epcis is described in its own document, /epcis/openapi.json.",
      },
      components: { securitySchemes: { Token: { type: "apiKey", in: "header", name: "Token" } } },
    },
    // Our own marker keyword is not OpenAPI; drop it from the published schemas.
    // The EPCIS interface has its own document in GS1's names (/epcis/openapi.json): hidden here.
    transform: ({ schema, url }) => {
      if (url.startsWith("/epcis")) return { schema: { ...schema, hide: true }, url };
      const body = (schema as { body?: Record<string, unknown> } | undefined)?.body;
      if (body && COERCE_KEYWORD in body) {
        const rest = { ...body };
        delete rest[COERCE_KEYWORD];
        return { schema: { ...schema, body: rest }, url };
      }
      return { schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
