// A button label of exactly two Chinese characters reads with a space between them ("登录" shows as
// "登 录"), as antd's Button writes it: the console's antd buttons do, so a plain button beside them
// (the login's) does too, and its accessible name is the same.

/** The CJK Unified Ideographs block: the characters antd spaces, not kana or hangul. */
const TWO_HAN_CHARACTERS = /^[\u4e00-\u9fff]{2}$/;

export function spaceTwoCjkCharacters(text: string): string {
  return TWO_HAN_CHARACTERS.test(text) ? `${text[0]} ${text[1]}` : text;
}
