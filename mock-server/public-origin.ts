// Where browsers and phones reach this server: the one origin every public link the server forms
// starts with (a code's consumer URL and its QR code, a batch download's URL column, seeded images).
// The request's own Host never decides it: a console opened on localhost must still print labels
// that a phone on the network can open.

/** PUBLIC_ORIGIN is not an http(s) origin; the message says what was given and what is expected. */
export class PublicOriginError extends Error {}

/**
 * `value` as an origin (scheme, host, port; no trailing slash), or a PublicOriginError: only http
 * and https, and no path, query or fragment, since the server appends its own paths to it.
 */
export function checkedPublicOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PublicOriginError(`PUBLIC_ORIGIN "${value}" is not a URL; expected e.g. http://192.168.1.20:3000`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new PublicOriginError(`PUBLIC_ORIGIN "${value}" must start with http:// or https://`);
  if (url.pathname !== "/" || url.search || url.hash || url.username || url.password)
    throw new PublicOriginError(
      `PUBLIC_ORIGIN "${value}" must be an origin only (scheme, host, port), e.g. ${url.origin}`,
    );
  return url.origin;
}

/**
 * The public origin a server or seed started from `env` uses: PUBLIC_ORIGIN, else where the
 * console is served on this machine — Vite's DEV_PORT under `npm run dev` (NODE_ENV=development,
 * Vite proxies /api to the server), otherwise the server's own PORT.
 */
export function publicOriginFromEnv(env: Readonly<Record<string, string | undefined>>): string {
  if (env.PUBLIC_ORIGIN) return checkedPublicOrigin(env.PUBLIC_ORIGIN);
  const port = env.NODE_ENV === "development" ? (env.DEV_PORT ?? 5173) : (env.PORT ?? 3000);
  return checkedPublicOrigin(`http://localhost:${port}`);
}
