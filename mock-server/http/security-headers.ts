// Browser hardening on every answer, pages and API alike (issue 13 item 4), with @fastify/helmet.
// Scripts come only from the console's own origin: the built index.html has no inline script.
// antd's CSS-in-JS writes <style> elements at run time, so styles keep 'unsafe-inline' (a style
// cannot run code). Images may come from any https: or http: address, since product images,
// logos and banners are URLs the analysts enter (only http:/https:, item 5).
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

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

export async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY as never },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    // The console loads no cross-origin resources that would need these relaxed.
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; a reverse proxy in front of the server sets it.
    strictTransportSecurity: false,
  });
}
