// Browser hardening on every answer, pages and API alike, with helmet.
// Scripts come only from the console's own origin: the built index.html has no inline script.
// antd's CSS-in-JS writes <style> elements at run time, so styles keep 'unsafe-inline' (a style
// cannot run code). Images may come from any https: or http: address, since product images,
// logos and banners are URLs the analysts enter (uri fields take only http: and https:).
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", "https:", "http:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  // Off: the mock server is served over plain HTTP in development and tests.
  "upgrade-insecure-requests": null,
} as const;

const HARDENING: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "no-referrer" },
  // The console loads no cross-origin resources that would need these relaxed.
  crossOriginEmbedderPolicy: false,
  // HSTS only means something over HTTPS; a reverse proxy in front of the server sets it.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets, worked out once: with no per-request nonce they depend on nothing in
 * the request. (@fastify/helmet builds helmet's middleware again for every request, parsing the
 * policy each time: ~3% of a read by id's CPU.)
 */
export function hardeningHeaders(options: HelmetOptions = HARDENING): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const collector = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as never, collector as never, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error("helmet could not set its headers", { cause: error });
  });
  // Lower-case names, as HTTP/2 writes them (HTTP/1.1 names are case-insensitive): node lower-cases
  // each name it is given, and a name that already is comes back as the same interned string, so
  // setting the headers makes and interns no new strings per request.
  return [...headers].map(([name, value]) => [name.toLowerCase(), value] as const);
}

export function securityHeaders(app: FastifyInstance): void {
  const headers = hardeningHeaders();
  // On the raw response, as helmet itself does: streamed and hijacked answers carry them too.
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
