import { describe, expect, it } from "vitest";
import { GROUP_SEPARATOR as GS, readScannedCode, type ScannedCode, type ScannerAffixes } from "./scanned-code";

const cases: readonly { name: string; given: string; affixes?: ScannerAffixes; want: ScannedCode }[] = [
  { name: "a plain code", given: "TR1A2B3C", want: { code: "TR1A2B3C", source: "plain" } },
  {
    name: "the Enter and Tab a scanner ends with",
    given: "TR1A2B3C\r\n\t",
    want: { code: "TR1A2B3C", source: "plain" },
  },
  {
    name: "an 18-digit SSCC without its AI",
    given: "012345670000000017",
    want: { code: "012345670000000017", source: "plain" },
  },
  {
    name: "a Digital Link with a serial",
    given: "https://id.example.com/01/09501101020917/21/TR1A2B3C",
    want: { code: "TR1A2B3C", source: "digital-link", gtin: "09501101020917", serial: "TR1A2B3C" },
  },
  {
    name: "a Digital Link with lot, serial and an expiry in the query",
    given: "https://id.example.com/path/01/09501101020917/10/L7/21/S%2F1?17=271231",
    want: { code: "S/1", source: "digital-link", gtin: "09501101020917", lot: "L7", serial: "S/1", expiry: "271231" },
  },
  {
    name: "a Digital Link of a pallet's SSCC",
    given: "https://id.example.com/00/012345670000000017",
    want: { code: "012345670000000017", source: "digital-link", sscc: "012345670000000017" },
  },
  {
    name: "the console's own consumer link",
    given: "https://trace.example.com/m/q/TR1A2B3C",
    want: { code: "TR1A2B3C", source: "url" },
  },
  {
    name: "a bracketed element string",
    given: "(01)09501101020917(17)271231(10)L7(21)TR1A2B3C",
    want: {
      code: "TR1A2B3C",
      source: "element-string",
      gtin: "09501101020917",
      expiry: "271231",
      lot: "L7",
      serial: "TR1A2B3C",
    },
  },
  {
    name: "a raw element string with group separators behind a GS1 DataMatrix identifier",
    given: `]d20109501101020917` + `10L7${GS}21TR1A2B3C${GS}17271231`,
    want: {
      code: "TR1A2B3C",
      source: "element-string",
      gtin: "09501101020917",
      lot: "L7",
      serial: "TR1A2B3C",
      expiry: "271231",
    },
  },
  {
    name: "a raw SSCC with its AI",
    given: "00012345670000000017",
    want: { code: "012345670000000017", source: "element-string", sscc: "012345670000000017" },
  },
  {
    name: "a GS1-128 identifier and a leading separator",
    given: `]C1${GS}0109501101020917`,
    want: { code: "09501101020917", source: "element-string", gtin: "09501101020917" },
  },
  {
    name: "a prefix and a suffix the scanner adds",
    given: "STX:TR1A2B3C:ETX",
    affixes: { prefix: "STX:", suffix: ":ETX" },
    want: { code: "TR1A2B3C", source: "plain" },
  },
  { name: "a non-GS1 AIM identifier is dropped", given: "]Q1TR1A2B3C", want: { code: "TR1A2B3C", source: "plain" } },
  {
    name: "a bracketed string with an unknown AI stays plain",
    given: "(99)ABC",
    want: { code: "(99)ABC", source: "plain" },
  },
  {
    name: "a broken fixed-length AI stays plain",
    given: `0109501${GS}21X`,
    want: { code: `0109501${GS}21X`, source: "plain" },
  },
];

describe("readScannedCode", () => {
  it.each(cases)("$name", ({ given, affixes, want }) => {
    expect(readScannedCode(given, affixes)).toEqual(want);
  });
});
