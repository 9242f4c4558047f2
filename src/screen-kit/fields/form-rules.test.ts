import { describe, expect, it } from "vitest";
import type { FieldRule } from "../../../schema/contract/screen-config";
import { checkRule, toFormRules } from "./form-rules";
import { screensTranslator } from "../../test-support/screens-translator";

const cases: [string, FieldRule, unknown, boolean][] = [
  ["required empty", { kind: "required" }, "", false],
  ["required blank", { kind: "required" }, "  ", false],
  ["required undefined", { kind: "required" }, undefined, false],
  ["required false switch", { kind: "required" }, false, true],
  ["required zero", { kind: "required" }, 0, true],
  ["minLength short", { kind: "minLength", value: 3 }, "ab", false],
  ["minLength code points", { kind: "minLength", value: 2 }, "中文", true],
  ["minLength skips empty", { kind: "minLength", value: 3 }, "", true],
  ["maxLength long", { kind: "maxLength", value: 2 }, "abc", false],
  ["maxLength ok", { kind: "maxLength", value: 3 }, "abc", true],
  ["minimum below", { kind: "minimum", value: 1 }, 0, false],
  ["minimum ok", { kind: "minimum", value: 1 }, 1, true],
  ["maximum above", { kind: "maximum", value: 10 }, 11, false],
  ["pattern miss", { kind: "pattern", pattern: "^[A-Z]{2}\\d+$" }, "ab1", false],
  ["pattern hit", { kind: "pattern", pattern: "^[A-Z]{2}\\d+$" }, "AB12", true],
  ["email bad", { kind: "format", format: "email" }, "a@b", false],
  ["email ok", { kind: "format", format: "email" }, "a@b.cn", true],
  ["uri bad", { kind: "format", format: "uri" }, "example.com", false],
  ["uri ok", { kind: "format", format: "uri" }, "https://example.com/a.png", true],
  ["phone bad", { kind: "format", format: "phone" }, "12ab", false],
  ["phone ok", { kind: "format", format: "phone" }, "13800138000", true],
  ["date bad", { kind: "format", format: "date" }, "2024-02-30", false],
  ["date ok", { kind: "format", format: "date" }, "2024-02-29", true],
  ["date-time bad", { kind: "format", format: "date-time" }, "2024-01-01", false],
  ["date-time ok", { kind: "format", format: "date-time" }, "2024-01-01T08:00:00.000Z", true],
  ["color bad", { kind: "format", format: "color" }, "blue", false],
  ["color ok", { kind: "format", format: "color" }, "#1890ff", true],
  ["color short (server wants 6 digits)", { kind: "format", format: "color" }, "#fff", false],
  ["phone with country code", { kind: "format", format: "phone" }, "+86 (010) 1234-5678", true],
  ["integer bad", { kind: "integer" }, 1.5, false],
  ["integer ok", { kind: "integer" }, 3, true],
  ["inputRule bad", { kind: "inputRule" }, "a b", false],
  ["inputRule ok", { kind: "inputRule" }, "A-1@x", true],
];

describe("checkRule", () => {
  it.each(cases)("%s", (_name, rule, value, want) => {
    expect(checkRule(rule, value)).toBe(want);
  });
});

type Validator = (rule: unknown, value: unknown) => Promise<void>;
async function messageOf(validator: Validator, value: unknown): Promise<string | undefined> {
  return validator({}, value).then(
    () => undefined,
    (error: Error) => error.message,
  );
}

describe("toFormRules", () => {
  it("turns each declared rule into an antd rule with a translated message", async () => {
    const t = await screensTranslator("zh");
    const rules = toFormRules(
      { labelKey: "field.name", rules: [{ kind: "required" }, { kind: "maxLength", value: 4 }, { kind: "inputRule" }] },
      t,
    );
    expect(rules).toHaveLength(3);
    expect(rules[0]).toMatchObject({ required: true });
    const [required, maxLength, inputRule] = rules.map((rule) => (rule as { validator: Validator }).validator);
    expect(await messageOf(required, "")).toBe("请填写名称");
    expect(await messageOf(required, "x")).toBeUndefined();
    expect(await messageOf(maxLength, "abcde")).toBe("名称最多 4 个字符");
    expect(await messageOf(inputRule, "中文")).toBe("不能输入%!=/:;“’等特殊字符与中文");
    expect(await messageOf(inputRule, "ok")).toBeUndefined();
  });

  it("translates format messages in English", async () => {
    const t = await screensTranslator("en");
    const [rule] = toFormRules({ labelKey: "Mail", rules: [{ kind: "format", format: "email" }] }, t);
    expect(await messageOf((rule as { validator: Validator }).validator, "nope")).toBe(
      "Mail must be a valid email address",
    );
  });
});
