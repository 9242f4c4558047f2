// One log line per answered request: the call, its status and its time.
import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { buildApp } from "../app";
import { contract } from "../generated/contract.gen";

it("builds a logging server without fastify's deprecation warnings", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error & { code?: string }) => warnings.push(`${warning.code}: ${warning.message}`);
  process.on("warning", onWarning);
  const app = await buildApp({
    contract,
    dbFile: ":memory:",
    seedScale: 0.05,
    docs: false,
    logger: { level: "silent" },
  });
  try {
    await app.ready();
    await new Promise((done) => setImmediate(done)); // process.emitWarning reports on a later tick
    expect(warnings.filter((warning) => warning.startsWith("FSTDEP"))).toEqual([]);
  } finally {
    process.off("warning", onWarning);
    await app.close();
  }
});

it("logs each request once, when it is answered, with the call, the status and the time", async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
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
    await app.inject({ url: "/api/public/scan?code=1ABCDEFGHJKMNPQRSTV0" });
    await app.inject({ url: "/api/base/brands/pagelist?page=1" });
    const requests = lines.filter((line) => line.req);
    expect(
      requests.map((line) => [
        line.msg,
        (line.req as { url: string }).url,
        (line.res as { statusCode: number }).statusCode,
      ]),
    ).toEqual([
      ["request completed", "/api/public/scan?code=1ABCDEFGHJKMNPQRSTV0", 200],
      ["request completed", "/api/base/brands/pagelist?page=1", 403],
    ]);
    for (const line of requests) expect(line.responseTime).toEqual(expect.any(Number));
    expect(lines.some((line) => line.msg === "incoming request")).toBe(false);
  } finally {
    await app.close();
  }
});
