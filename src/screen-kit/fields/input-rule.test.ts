import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import zh from "../../locales/zh/public-screens";
import { inputRuleError } from "./input-rule";
import { passesInputRule } from "../../utils/input-rule";
import { INPUT_RULE_PATTERN } from "../../../schema/contract/patterns";
import { SCREEN_LOCALES, screensTranslator } from "../../test-support/screens-translator";

// spec §5, character for character.
const ZH_MESSAGE = "不能输入%!=/:;“’等特殊字符与中文";

describe("passesInputRule (spec §5)", () => {
  it.each(["abcXYZ", "0123456789", "_-~`.@#$^&*()+￥", "a_b-c~d`e.f@g#h$i^j&k*l(m)n+o￥p", "", undefined, null, 42])(
    "accepts %j",
    (value) => expect(passesInputRule(value)).toBe(true),
  );
  it.each([
    "中文",
    "a b",
    "50%",
    "a!",
    "a=b",
    "a/b",
    "a:b",
    "a;b",
    "“x”",
    "’",
    "a,b",
    "a?b",
    "<a>",
    "a|b",
    "'",
    '"',
    "é",
    "ａ",
  ])("rejects %j", (value) => expect(passesInputRule(value)).toBe(false));
});

describe("the server's copy of the rule", () => {
  // The generator writes INPUT_RULE_PATTERN into the JSON Schemas the mock server checks with ajv.
  const serverCheck = new Ajv().compile({ type: "string", pattern: INPUT_RULE_PATTERN });
  it.each(["abc_1", "_-~`.@#$^&*()+￥", "", "中文", "a b", "a%", "a/b", "“"])("agrees on %j", (value) => {
    expect(serverCheck(value)).toBe(passesInputRule(value));
  });
});

describe("inputRuleError", () => {
  it("gives the exact zh message", async () => {
    const t = await screensTranslator("zh");
    expect(zh.screens.rules.inputRule).toBe(ZH_MESSAGE);
    expect(inputRuleError("不行", t)).toBe(ZH_MESSAGE);
    expect(inputRuleError("ok_1", t)).toBeUndefined();
  });

  it("has a translation in every language", async () => {
    for (const lang of Object.keys(SCREEN_LOCALES) as (keyof typeof SCREEN_LOCALES)[]) {
      const message = inputRuleError("%", await screensTranslator(lang));
      expect(message, lang).toMatch(/%!=\/:;“’/);
      if (lang !== "zh") expect(message, lang).not.toBe(ZH_MESSAGE);
    }
  });
});
