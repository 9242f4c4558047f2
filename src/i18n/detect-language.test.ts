import { describe, expect, it } from "vitest";
import { detectLanguage, toLanguage } from "./detect-language";

describe("spec §9 language choice", () => {
  it("takes the cookie first", () => {
    expect(detectLanguage("ja", ["zh-CN"])).toBe("ja");
  });
  it("else the browser's first language we speak", () => {
    expect(detectLanguage(undefined, ["fr-FR", "zh-CN", "en"])).toBe("zh");
    expect(detectLanguage("xx", ["es-419"])).toBe("es");
  });
  it("else en", () => {
    expect(detectLanguage(undefined, ["fr", "de"])).toBe("en");
    expect(detectLanguage(undefined, [])).toBe("en");
  });
  it("maps tags to languages", () => {
    expect(toLanguage("zh_TW")).toBe("zh");
    expect(toLanguage("JA-jp")).toBe("ja");
    expect(toLanguage(undefined)).toBeUndefined();
  });
});
