// The hardening headers on the API, on errors and on the console's pages.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { fixtureApp } from "../test-fixtures/test-app";

let app: FastifyInstance;
beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), "console-"));
  writeFileSync(join(root, "index.html"), '<!doctype html><script type="module" src="/assets/index.js"></script>');
  ({ app } = await fixtureApp({ consoleRoot: root }));
});
afterAll(() => app.close());

describe("security headers", () => {
  it.each([
    ["an API answer", "/api/org/menutree/selectedlist"],
    ["an API 404", "/api/no/such/call"],
    ["a console page (history fallback)", "/dashboard"],
    ["index.html", "/"],
  ])("%s carries CSP, frame denial, nosniff and the referrer policy", async (_name, url) => {
    const response = await app.inject({ url });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });
});
