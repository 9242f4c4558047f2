// One notification per failure; none repeating the ended-session question (spec §8).
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "../api/http-client";
import { createNotificationFilter, SAME_FAILURE_MS } from "./notification-provider";

vi.mock("../api/session-cookies", () => ({ getToken: () => "t" }));
afterEach(() => vi.unstubAllGlobals());

describe("the console's notifications", () => {
  it("drop a failure that ended the session: the shell asks about it once", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            status_code: 403,
            code: 50012,
            message: "Invalid session, please log in again",
            data: null,
          }),
          { status: 403 },
        ),
      ),
    );
    const ended = (await request({ method: "GET", path: "/api/x" }).catch((error: unknown) => error)) as Error;
    const passes = createNotificationFilter();
    expect(passes({ type: "error", message: "Error (status code: 403)", description: ended.message })).toBe(false);
    expect(passes({ type: "error", message: "Error (status code: 400)", description: "name: is required" })).toBe(true);
  });

  it("show the same failure once however many calls report it together, and again later", () => {
    let now = 1_000;
    const passes = createNotificationFilter(() => now);
    const failure = { type: "error" as const, message: "错误", description: "服务器内部错误" };
    expect(passes(failure)).toBe(true);
    now += 10;
    expect(passes(failure)).toBe(false);
    expect(passes({ ...failure, description: "another" })).toBe(true);
    now += SAME_FAILURE_MS + 1;
    expect(passes(failure)).toBe(true);
    expect(passes({ type: "success", message: "ok" })).toBe(true);
    expect(passes({ type: "success", message: "ok" })).toBe(true);
  });
});
