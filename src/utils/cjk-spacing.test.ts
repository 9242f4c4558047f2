import { describe, expect, it } from "vitest";
import { spaceTwoCjkCharacters } from "./cjk-spacing";

describe("spaceTwoCjkCharacters", () => {
  it.each([
    ["登录", "登 录"],
    ["保存", "保 存"],
  ])("spaces two Chinese characters: %s", (text, want) => expect(spaceTwoCjkCharacters(text)).toBe(want));

  it.each([
    ["登录系统", "three or more characters"],
    ["登", "one character"],
    ["Log in", "Latin text"],
    ["ログ", "two kana"],
    ["로그", "two hangul syllables"],
    ["登1", "a character and a digit"],
    ["", "nothing"],
  ])("leaves %s alone (%s)", (text) => expect(spaceTwoCjkCharacters(text)).toBe(text));
});
