// GS1's rule for identifiers in the pre-hash string (CBV 2.0 §8.9): an EPC URI becomes its canonical
// GS1 Digital Link URI, a Digital Link URI is brought to canonical form. We convert the EPC URIs of
// the keys partners send most (SGTIN, SGLN, PGLN, GRAI, GIAI, a GTIN's lot class and its pattern)
// and recognise the URIs already canonical
// (the ledger's own) or naming no GS1 key; anything else (other keys, patterns and classes, DL URIs
// on other domains, with alphabetic keys, CPV, lot beside serial or a query) answers UNSURE, and the
// caller hashes that event with epcis2.js, GS1's reference generator. An SSCC's EPC URI is left to
// it too: epcis2.js keeps the serial reference's first digit in the key as well as before it (19
// digits where GS1 has 18), and the hash must be the one it makes.
export const UNSURE = Symbol("not converted here");

/** GS1's mod-10 check digit of a key's digits (weights 3, 1, 3, … from the right). */
export const checkDigit = (digits: string): string => {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += weight * Number(digits[i]);
  return String((10 - (sum % 10)) % 10);
};

// Serials and extensions of plain letters and digits only: those need no percent-encoding in a DL URI.
const SGTIN = /^urn:epc:id:sgtin:(\d{6,12})\.(\d{1,7})\.([0-9A-Za-z]{1,20})$/;
const SGLN = /^urn:epc:id:sgln:(\d{6,12})\.(\d{0,6})\.([0-9A-Za-z]{1,20})$/;
const PGLN = /^urn:epc:id:pgln:(\d{6,12})\.(\d{0,6})$/;
const GRAI = /^urn:epc:id:grai:(\d{6,12})\.(\d{0,6})\.([0-9A-Za-z]{1,16})$/;
const GIAI = /^urn:epc:id:giai:(\d{6,12})\.([0-9A-Za-z]{1,24})$/;
const LGTIN = /^urn:epc:class:lgtin:(\d{6,12})\.(\d{1,7})\.([0-9A-Za-z]{1,20})$/;
const SGTIN_PATTERN = /^urn:epc:idpat:sgtin:(\d{6,12})\.(\d{1,7})\.\*$/;
/** The canonical forms the ledger writes, which canonicalisation leaves as they are. */
const CANONICAL_SERIALISED_GTIN = /^https:\/\/id\.gs1\.org\/01\/\d{14}\/21\/[^/?#]+$/;
const CANONICAL_SSCC = /^https:\/\/id\.gs1\.org\/00\/\d{18}$/;
const CANONICAL_GTIN = /^https:\/\/id\.gs1\.org\/01\/\d{14}$/;
/** A web URI path segment that may introduce a GS1 key (numeric or alphabetic), or a short-code tail. */
const DIGITAL_LINK_HINT =
  /\/(01|gtin|8006|itip|8010|cpid|414|gln|417|party|8017|gsrnp|8018|gsrn|255|gcn|00|sscc|253|gdti|401|ginc|402|gsin|8003|grai|8004|giai)\/|\/[A-Za-z_-]{10}$/;

const withCheckDigit = (digits: string) => digits + checkDigit(digits);

const gtinOf = (companyPrefix: string, itemReference: string) =>
  withCheckDigit(itemReference[0] + companyPrefix + itemReference.slice(1));

/** `value` (trimmed, a string holding a dot) as the pre-hash string holds it, or UNSURE. */
export function canonicalIdentifier(value: string): string | typeof UNSURE {
  if (value.startsWith("urn:epc:")) return epcUriAsDigitalLink(value);
  if (/^https?:/.test(value)) {
    if (CANONICAL_SERIALISED_GTIN.test(value) || CANONICAL_SSCC.test(value) || CANONICAL_GTIN.test(value)) return value;
    return DIGITAL_LINK_HINT.test(value) ? UNSURE : value;
  }
  return value;
}

function epcUriAsDigitalLink(uri: string): string | typeof UNSURE {
  let match = SGTIN.exec(uri);
  if (match && match[1].length + match[2].length === 13)
    return `https://id.gs1.org/01/${gtinOf(match[1], match[2])}/21/${match[3]}`;
  match = SGLN.exec(uri);
  if (match && match[1].length + match[2].length === 12) {
    const gln = withCheckDigit(match[1] + match[2]);
    return match[3] === "0" ? `https://id.gs1.org/414/${gln}` : `https://id.gs1.org/414/${gln}/254/${match[3]}`;
  }
  match = PGLN.exec(uri);
  if (match && match[1].length + match[2].length === 12)
    return `https://id.gs1.org/417/${withCheckDigit(match[1] + match[2])}`;
  match = GRAI.exec(uri);
  if (match && match[1].length + match[2].length === 12)
    return `https://id.gs1.org/8003/${withCheckDigit(`0${match[1]}${match[2]}`)}${match[3]}`;
  match = GIAI.exec(uri);
  if (match && match[1].length + match[2].length <= 30) return `https://id.gs1.org/8004/${match[1]}${match[2]}`;
  match = LGTIN.exec(uri);
  if (match && match[1].length + match[2].length === 13)
    return `https://id.gs1.org/01/${gtinOf(match[1], match[2])}/10/${match[3]}`;
  match = SGTIN_PATTERN.exec(uri);
  if (match && match[1].length + match[2].length === 13) return `https://id.gs1.org/01/${gtinOf(match[1], match[2])}`;
  return UNSURE;
}
