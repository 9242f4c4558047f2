import { describe, expect, it } from "vitest";
import { ApiError } from "./http-client";
import { endsSession, isTransient } from "./session-decision";

describe("the one decision whether a failure ends the session", () => {
  it.each([
    ["a 502 Bad Gateway from a restarting dev server", new ApiError("502 Bad Gateway", 502, 502)],
    ["a 503 Service Unavailable", new ApiError("503 Service Unavailable", 503, 503)],
    ["a 504 Gateway Timeout", new ApiError("504 Gateway Timeout", 504, 504)],
    ["no answer at all (network down)", new ApiError("Failed to fetch", 0, 0)],
    ["a time-out", new ApiError("timeout of 15000ms exceeded", 0, 0)],
  ])("never ends the session on %s, and retries it", (_, error) => {
    expect(endsSession(error)).toBe(false);
    expect(isTransient(error)).toBe(true);
  });

  it.each([
    ["50012 invalid session", new ApiError("Invalid session", 403, 50012)],
    ["50014 expired session", new ApiError("Session expired", 403, 50014)],
    ["50014 even behind a 502 status", new ApiError("Session expired", 502, 50014)],
  ])("ends the session on %s", (_, error) => {
    expect(endsSession(error)).toBe(true);
    expect(isTransient(error)).toBe(false);
  });

  it("keeps a good session that only waits for the account's own password (40301)", () => {
    expect(endsSession(new ApiError("Set your own password first", 403, 40301))).toBe(false);
  });
});
