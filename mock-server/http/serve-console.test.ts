// npm start: the built console from the same origin with history-mode fallback.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { fixtureApp } from "../test-fixtures/test-app";

const dist = mkdtempSync(join(tmpdir(), "console-dist-"));
let app: FastifyInstance;
beforeAll(async () => {
  writeFileSync(join(dist, "index.html"), "<!doctype html><div id=root></div>");
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
  ({ app } = await fixtureApp({ seed: false, consoleRoot: dist }));
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the console", () => {
  it("serves files and falls back to index.html for app routes", async () => {
    expect((await app.inject({ url: "/assets/app.js" })).body).toBe("console.log(1)");
    for (const url of ["/", "/productlist", "/m/q/ABC123?x=1"]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("lets the browser keep the hashed assets; index.html and the app routes are asked for again", async () => {
    expect((await app.inject({ url: "/assets/app.js" })).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    for (const url of ["/", "/index.html", "/productlist"]) {
      expect((await app.inject({ url })).headers["cache-control"], url).toBe("public, max-age=0");
    }
  });

  it("keeps the envelope for unknown API calls", async () => {
    const response = await app.inject({ url: "/api/nope" });
    expect(response.json()).toMatchObject({ status_code: 404, code: 40400 });
    expect((await app.inject({ method: "POST", url: "/productlist" })).json().code).toBe(40400);
  });
});
