// Each refusal carries its envelope's status, code, message and field map; the English message is
// the error's own message, for logs and for tests that read it. A chain rule's refusal names a
// reason instead, which answerOf maps.
import { describe, expect, it } from "vitest";
import { message } from "../schema/contract/messages";
import { ChainRefusal, conflict, type RefusalReason } from "./domain/refusal";
import {
  answerOf,
  ApiError,
  duplicate,
  ErrorCode,
  invalid,
  loginFailed,
  recordMissing,
  refuseInvalid,
  tooManyRequests,
} from "./refusals";

describe("refusals", () => {
  // given: a refusal; want: its status, code, message and fields.
  it.each([
    {
      name: "a field's validation failure",
      given: invalid("name", message("common.rule.required")),
      want: { statusCode: 400, code: ErrorCode.validation, message: "name: is required", fields: ["name"] },
    },
    {
      name: "a rule refusing in the state things are in",
      given: answerOf(conflict("code", message("common.rule.required")))!,
      want: { statusCode: 409, code: ErrorCode.actionNotApplicable, message: "code: is required", fields: ["code"] },
    },
    {
      name: "a missing record",
      given: recordMissing("brands", 7),
      want: { statusCode: 404, code: ErrorCode.notFound, message: "brands 7 does not exist", fields: undefined },
    },
    {
      name: "a duplicate value",
      given: duplicate("brand_code", "B1"),
      want: {
        statusCode: 409,
        code: ErrorCode.duplicate,
        message: 'brand_code: value "B1" already exists',
        fields: ["brand_code"],
      },
    },
    {
      name: "too many sign-ins, the wait rounded up to a second",
      given: tooManyRequests(1_200),
      want: {
        statusCode: 429,
        code: ErrorCode.tooManyRequests,
        message: "Too many sign-in attempts; try again in 2 s",
        fields: undefined,
      },
    },
    {
      name: "a failed sign-in",
      given: loginFailed(),
      want: { statusCode: 401, code: ErrorCode.loginFailed, message: loginFailed().message, fields: undefined },
    },
  ])("$name", ({ given, want }) => {
    expect(given).toBeInstanceOf(ApiError);
    expect({
      statusCode: given.statusCode,
      code: given.code,
      message: given.message,
      fields: given.fields && Object.keys(given.fields),
    }).toEqual(want);
  });

  // given: the reason a chain rule refuses for; want: the status and code it is answered with.
  it.each<{ reason: RefusalReason; statusCode: number; code: number }>([
    { reason: "invalid", statusCode: 400, code: ErrorCode.validation },
    { reason: "conflict", statusCode: 409, code: ErrorCode.actionNotApplicable },
    { reason: "duplicate", statusCode: 409, code: ErrorCode.duplicate },
    { reason: "notFound", statusCode: 404, code: ErrorCode.notFound },
    { reason: "ruleOwned", statusCode: 409, code: ErrorCode.ruleOwned },
  ])("answers a chain rule's $reason refusal with $statusCode", ({ reason, statusCode, code }) => {
    const rule = message("common.rule.required");
    const refusal = new ChainRefusal(reason, rule, { code: rule });
    expect(refusal).not.toHaveProperty("statusCode");
    const answer = answerOf(refusal);
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer).toMatchObject({ statusCode, code, text: rule, fields: { code: rule } });
  });

  it("keeps a server refusal as it is and answers nothing else as a refusal", () => {
    const refusal = loginFailed();
    expect(answerOf(refusal)).toBe(refusal);
    expect(answerOf(new Error("a fault"))).toBeUndefined();
    expect(answerOf("a string")).toBeUndefined();
  });

  it("names the field a rule is about, keeping each field's rule without it", () => {
    const refusal = conflict("code", message("common.rule.required"));
    expect(refusal.text).toEqual({ key: "common.rule.required", field: "code" });
    expect(refusal.fields).toEqual({ code: { key: "common.rule.required" } });
  });

  it("refuses every failing field at once, named by the first, and nothing when none failed", () => {
    expect(() => refuseInvalid({})).not.toThrow();
    let thrown: unknown;
    try {
      refuseInvalid({ a: message("common.rule.required"), b: message("common.rule.pattern") });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ statusCode: 400, code: ErrorCode.validation, text: { field: "a" } });
    expect(Object.keys((thrown as ApiError).fields ?? {})).toEqual(["a", "b"]);
  });
});
