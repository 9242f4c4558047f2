// The normal forms of the pre-hash string one value at a time (event-hash.test.ts holds whole events
// equal to epcis2.js's hash); UNSURE where the event is left to epcis2.js.
import { describe, expect, it } from "vitest";
import { normalValue, UNSURE } from "./value-normal-form";

describe("a value in the pre-hash string", () => {
  it.each([
    ["text is trimmed", "  L 2024  ", "L 2024"],
    [
      "a timestamp with an offset goes to UTC with milliseconds",
      "2024-06-01T08:00:00.5+02:00",
      "2024-06-01T06:00:00.500Z",
    ],
    ["a timestamp without a zone is UTC", "2024-06-01T08:00:00", "2024-06-01T08:00:00.000Z"],
    ["a fraction past milliseconds is cut", "2024-06-01T08:00:00.123456Z", "2024-06-01T08:00:00.123Z"],
    ["a date of 17 characters or fewer is text", "2024-06-01", "2024-06-01"],
    ["a number's leading and trailing zeros go", "0012.500", "12.5"],
    ["a whole number's point goes", "010.000", "10"],
    ["two characters stay", "00", "00"],
    ["a JavaScript number as JavaScript writes it", 26.0, "26"],
    ["a boolean", true, "true"],
    [
      "an SGTIN EPC URI as its Digital Link",
      "urn:epc:id:sgtin:0614141.107346.2018",
      "https://id.gs1.org/01/10614141073464/21/2018",
    ],
    ["an SGLN, extension 0: the GLN alone", "urn:epc:id:sgln:0614141.12345.0", "https://id.gs1.org/414/0614141123452"],
    ["an SGLN with an extension", "urn:epc:id:sgln:0614141.12345.400", "https://id.gs1.org/414/0614141123452/254/400"],
    ["a PGLN", "urn:epc:id:pgln:1234567.89012", "https://id.gs1.org/417/1234567890128"],
    ["a GRAI", "urn:epc:id:grai:0614141.12345.400", "https://id.gs1.org/8003/00614141123452400"],
    ["a GIAI", "urn:epc:id:giai:0614141.12345ABC", "https://id.gs1.org/8004/061414112345ABC"],
    ["an LGTIN class", "urn:epc:class:lgtin:4012345.012345.998877", "https://id.gs1.org/01/04012345123456/10/998877"],
    ["an SGTIN pattern: the GTIN", "urn:epc:idpat:sgtin:4012345.012345.*", "https://id.gs1.org/01/04012345123456"],
    [
      "a canonical Digital Link as sent",
      "https://id.gs1.org/01/06901234567892/21/SN.0001",
      "https://id.gs1.org/01/06901234567892/21/SN.0001",
    ],
    [
      "our tag: URI as sent",
      "tag:trace-console.example,2024:code:BX.0002",
      "tag:trace-console.example,2024:code:BX.0002",
    ],
    [
      "a web URI naming no GS1 key as sent",
      "http://transaction.acme.com/po/12345678",
      "http://transaction.acme.com/po/12345678",
    ],
  ] as const)("%s", (_, value, want) => {
    expect(normalValue(value)).toBe(want);
  });

  it.each([
    ["a date in another form", "Mon, 03 Jun 2024 08:00:00 GMT"],
    ["an SSCC EPC URI", "urn:epc:id:sscc:0614141.1234567890"],
    ["a GDTI EPC URI", "urn:epc:id:gdti:0614141.12345.400"],
    ["a Digital Link on another domain", "https://brand.example.com/01/4012345123456/21/ABC.1"],
    ["an object", { a: 1 }],
    ["null", null],
  ] as const)("left to epcis2.js: %s", (_, value) => {
    expect(normalValue(value)).toBe(UNSURE);
  });
});
