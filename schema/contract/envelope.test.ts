import { describe, expect, it } from "vitest";
import { ERROR_CODES, SESSION_ENDED_CODES, SUCCESS_CODE, isSessionEnded } from "./envelope";

describe("envelope vocabulary", () => {
  it("success is code 0, as the server answers (spec §3)", () => {
    expect(SUCCESS_CODE).toBe(0);
  });

  it.each([
    { code: ERROR_CODES.sessionInvalid, want: true },
    { code: ERROR_CODES.sessionExpired, want: true },
    { code: ERROR_CODES.forbidden, want: false }, // a live session lacking a grant: no logout prompt (README)
    { code: ERROR_CODES.internal, want: false },
    { code: SUCCESS_CODE, want: false },
  ])("isSessionEnded($code) is $want", ({ code, want }) => {
    expect(isSessionEnded(code)).toBe(want);
  });

  it("lists exactly the two session-ended codes", () => {
    expect([...SESSION_ENDED_CODES].sort()).toEqual([50012, 50014]);
  });

  it("codes are unique and are HTTP status × 100 (+ a sub-code)", () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toBeGreaterThanOrEqual(40000);
  });
});
