// Pinyin forms for the header search; loaded on demand (pinyin-pro carries its dictionary).
import { pinyin } from "pinyin-pro";
import type { PinyinOf } from "./header-search";

export const pinyinOf: PinyinOf = (text) => {
  const full = pinyin(text, { toneType: "none", type: "array", nonZh: "removed" }).join("");
  const initials = pinyin(text, { pattern: "first", toneType: "none", type: "array", nonZh: "removed" }).join("");
  return [full, initials];
};
