// Tokens never reach a log line.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";
import { login } from "../test-fixtures/test-app";
import { redactTokens } from "./log-redaction";

describe("log redaction", () => {
  it("takes a token out of a URL and leaves the rest", () => {
    expect(redactTokens("GET /api/org/menutree/selectedlist?token=abc.DEF-123&x=1")).toBe(
      "GET /api/org/menutree/selectedlist?token=[redacted]&x=1",
    );
    expect(redactTokens("http proxy error: /loginlog?a=1&token=s3cr3t")).toBe(
      "http proxy error: /loginlog?a=1&token=[redacted]",
    );
    expect(redactTokens("/api/base/brands/pagelist?page=1")).toBe("/api/base/brands/pagelist?page=1");
  });

  it("the server's request log shows the call but not the session token of a token query", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      contract,
      dbFile: ":memory:",
      seedScale: 0.05,
      docs: false,
      logger: { level: "info", stream },
    });
    try {
      const token = await login(app, "admin");
      await app.inject({ url: `/api/org/menutree/selectedlist?token=${token}` });
      const log = lines.join("");
      expect(log).toContain("/api/org/menutree/selectedlist?token=[redacted]");
      expect(log).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
