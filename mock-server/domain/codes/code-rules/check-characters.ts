// Check characters of printed codes, so a mistyped code is told apart from an unknown one:
// GS1 mod-10 for numeric codes (GTIN, SSCC: the GS1 General Specifications' check digit calculation) and ISO/IEC 7064
// MOD 37,36 (the hybrid system over 0-9A-Z, used by GRid) for alphanumeric ones.

export const ISO7064_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** GS1 mod-10 check digit of `digits` (the code without it): weights 3,1,3,… from the right. */
export function gs1CheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error(`GS1 check digit: "${digits}" is not all digits`);
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** ISO/IEC 7064 MOD 37,36 check character of `text` (0-9A-Z, case-insensitive). */
export function iso7064Mod3736(text: string): string {
  const M = 36;
  let product = M;
  for (const char of text.toUpperCase()) {
    const value = ISO7064_ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`ISO 7064 MOD 37,36: "${char}" is not in 0-9A-Z`);
    let sum = (product + value) % M;
    if (sum === 0) sum = M;
    product = (sum * 2) % (M + 1);
  }
  return ISO7064_ALPHABET[(M + 1 - product) % M];
}

export type CheckScheme = "gs1-mod10" | "iso7064-mod37-36";

export const checkCharacterOf = (scheme: CheckScheme, body: string): string =>
  scheme === "gs1-mod10" ? gs1CheckDigit(body) : iso7064Mod3736(body);

/** Whether the code's last character is the right check character for the rest. */
export function hasValidCheck(scheme: CheckScheme, code: string): boolean {
  if (code.length < 2) return false;
  try {
    return checkCharacterOf(scheme, code.slice(0, -1)) === code.slice(-1).toUpperCase();
  } catch {
    return false;
  }
}
