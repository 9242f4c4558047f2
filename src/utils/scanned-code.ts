// What a scanner typed, read as the code it names. Scanners send a plain code, a GS1 Digital Link
// URL, a GS1 element string (bracketed, or raw with the group separator), often behind an AIM
// symbology identifier (]C1, ]d2, ]Q3) and with a prefix or suffix the scanner is set to add.

/** ASCII 29: ends a variable-length element in a raw GS1 element string (FNC1 as scanners type it). */
export const GROUP_SEPARATOR = "\u001d";

/** url: another URL (the console's own consumer link, /m/q/{code}), read as its last path segment. */
export type ScanSource = "plain" | "digital-link" | "element-string" | "url";

export interface ScannedCode {
  /** The code the station acts on: the SSCC (00), else the serial (21), else the GTIN (01), else the text. */
  readonly code: string;
  readonly source: ScanSource;
  readonly gtin?: string;
  readonly serial?: string;
  readonly sscc?: string;
  readonly lot?: string;
  /** AI 17, YYMMDD as encoded. */
  readonly expiry?: string;
}

export interface ScannerAffixes {
  readonly prefix?: string;
  readonly suffix?: string;
}

/** The AIs a station reads; a fixed length where GS1 fixes one (the rest end at a separator or the end). */
const AI_LENGTH: Readonly<Record<string, number | undefined>> = {
  "00": 18,
  "01": 14,
  "17": 6,
  "10": undefined,
  "21": undefined,
};
const AI_FIELD = { "00": "sscc", "01": "gtin", "17": "expiry", "10": "lot", "21": "serial" } as const;
type Ai = keyof typeof AI_FIELD;
type Elements = Partial<Record<(typeof AI_FIELD)[Ai], string>>;

/** AIM symbology identifiers that announce GS1 data (GS1-128, GS1 DataMatrix, GS1 QR, GS1 DataBar). */
const GS1_AIM = /^\](C1|d2|Q3|e0)/;
const ANY_AIM = /^\][A-Za-z][0-9A-Za-z]/;

function isAi(text: string): text is Ai {
  return text in AI_FIELD;
}

function withCode(elements: Elements, source: ScanSource, text: string): ScannedCode {
  const code = elements.sscc ?? elements.serial ?? elements.gtin ?? text;
  return { code, source, ...elements };
}

/** `(01)09501101020917(21)ABC` or, raw, `0109501101020917` `21ABC` GS `10LOT`; undefined when it is not one. */
function readElementString(text: string): Elements | undefined {
  const elements: Elements = {};
  if (text.startsWith("(")) {
    const pattern = /\((\d{2})\)([^(]*)/g;
    let consumed = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      if (match.index !== consumed || !isAi(match[1])) return undefined;
      elements[AI_FIELD[match[1]]] = match[2].replaceAll(GROUP_SEPARATOR, "");
      consumed = pattern.lastIndex;
    }
    return consumed === text.length && consumed > 0 ? elements : undefined;
  }
  let rest = text;
  while (rest.length > 0) {
    const ai = rest.slice(0, 2);
    if (!isAi(ai)) return undefined;
    const fixed = AI_LENGTH[ai];
    let value: string;
    if (fixed !== undefined) {
      value = rest.slice(2, 2 + fixed);
      if (value.length !== fixed || !/^\d+$/.test(value)) return undefined;
      rest = rest.slice(2 + fixed);
      if (rest.startsWith(GROUP_SEPARATOR)) rest = rest.slice(1);
    } else {
      const end = rest.indexOf(GROUP_SEPARATOR);
      value = end < 0 ? rest.slice(2) : rest.slice(2, end);
      rest = end < 0 ? "" : rest.slice(end + 1);
      if (value.length === 0 || value.length > 20) return undefined;
    }
    elements[AI_FIELD[ai]] = value;
  }
  return elements;
}

/** A raw element string is only taken as one when it cannot be a plain code: a separator, a GS1 AIM, or 00/01 at their length followed by AIs. */
function looksRaw(text: string, gs1Aim: boolean): boolean {
  if (gs1Aim || text.includes(GROUP_SEPARATOR)) return true;
  return /^00\d{18}$/.test(text) || /^01\d{14}(17\d{6})?(10|21)./.test(text) || /^01\d{14}17\d{6}$/.test(text);
}

/** `https://id.example.com/01/{gtin}/21/{serial}?17=…` or `…/00/{sscc}`; undefined when the URL names no GTIN or SSCC. */
function readDigitalLink(text: string): Elements | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const parts = url.pathname.split("/").map((part) => decodeURIComponent(part));
  const elements: Elements = {};
  for (let i = parts.length - 2; i >= 0; i--) {
    const ai = parts[i];
    if (ai !== "00" && ai !== "01") continue;
    if (!new RegExp(`^\\d{${AI_LENGTH[ai]}}$`).test(parts[i + 1])) continue;
    elements[AI_FIELD[ai]] = parts[i + 1];
    for (let j = i + 2; j + 1 < parts.length; j += 2)
      if (isAi(parts[j]) && AI_LENGTH[parts[j]] === undefined) elements[AI_FIELD[parts[j] as Ai]] = parts[j + 1];
    const expiry = url.searchParams.get("17");
    if (expiry) elements.expiry = expiry;
    return elements;
  }
  return undefined;
}

/** The text without the leading and trailing characters `drop` names. */
function trimWhere(text: string, drop: (char: string) => boolean): string {
  let start = 0;
  let end = text.length;
  while (start < end && drop(text[start])) start++;
  while (end > start && drop(text[end - 1])) end--;
  return text.slice(start, end);
}

/** Reads one scan. Control characters a scanner appends (CR, LF, Tab) and surrounding spaces are not part of the code. */
export function readScannedCode(raw: string, affixes: ScannerAffixes = {}): ScannedCode {
  let text = trimWhere(raw, (c) => c <= " ");
  if (affixes.prefix && text.startsWith(affixes.prefix)) text = text.slice(affixes.prefix.length);
  if (affixes.suffix && text.endsWith(affixes.suffix)) text = text.slice(0, -affixes.suffix.length);
  const gs1Aim = GS1_AIM.test(text);
  if (ANY_AIM.test(text)) text = text.slice(3);
  text = trimWhere(text, (c) => c === GROUP_SEPARATOR || c === " ");
  if (/^https?:\/\//i.test(text)) {
    const link = readDigitalLink(text);
    if (link) return withCode(link, "digital-link", text);
    const last = new URL(text).pathname.split("/").filter(Boolean).pop();
    if (last) return { code: decodeURIComponent(last), source: "url" };
  }
  if (text.startsWith("(") || looksRaw(text, gs1Aim)) {
    const elements = readElementString(text);
    if (elements && Object.keys(elements).length > 0) return withCode(elements, "element-string", text);
  }
  return { code: text, source: "plain" };
}
