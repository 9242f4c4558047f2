// EPC patterns in MATCH_epc, MATCH_anyEPC and MATCH_parentID on a ledger the chain's rules built:
// an SGTIN pattern (a GTIN, or a company prefix, with any serial) keeps the events naming the items
// of the products it names, an SSCC pattern those naming an SSCC under its company prefix; each
// pattern changes the answer (it keeps some events, fewer than all, exactly those that meet it), a
// pattern of another prefix keeps none, pages of two give the same events, urn:epc:id: names what
// its Digital Link names, and a malformed pattern is a QueryValidationException.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { epcisLedger, type EpcisEvent, type EpcisLedger } from "../test-fixtures/epcis-ledger";
import { gs1CheckDigit } from "../domain/codes/code-rules/check-characters";

let ledger: EpcisLedger;
let all: EpcisEvent[];
/** Two products' GTIN-14s, under two company prefixes. */
const gtins: string[] = [];

const withCheck = (body: string) => `${body}${gs1CheckDigit(body)}`;

beforeAll(async () => {
  ledger = await epcisLedger();
  // The fixture's products have no barcodes; two get GTIN-13s under different company prefixes, so
  // their items are named by Digital Link URIs.
  const products = await ledger.chain.all(
    `SELECT DISTINCT product_id AS id FROM trace_codes c JOIN _ledger_event_codes ec ON ec.code = c.code
     WHERE c.code_type = 'item' AND c.product_id IS NOT NULL ORDER BY product_id LIMIT 2`,
  );
  expect(products).toHaveLength(2);
  for (const [index, prefix] of ["6901234", "6909876"].entries()) {
    const barcode = withCheck(`${prefix}0000${index + 1}`);
    await ledger.chain.app.consoleContext.store.run(`UPDATE products SET barcode = ? WHERE id = ?`, [
      barcode,
      Number(products[index].id),
    ]);
    gtins.push(`0${barcode}`);
  }
  all = await ledger.events();
}, 60_000);
afterAll(() => ledger.chain.app.close());

const ids = (events: readonly EpcisEvent[]) => events.map((event) => event.eventID);
const epcsOf = (event: EpcisEvent) => [
  ...((event.epcList as string[]) ?? []),
  ...((event.childEPCs as string[]) ?? []),
];
const ofGtin = (gtin: string) => (uri: string) => uri.startsWith(`https://id.gs1.org/01/${gtin}/21/`);

/** The query keeps some events, fewer than all, exactly those of the whole ledger that meet `meets`; pages of two agree. */
async function narrows(query: Record<string, string | string[]>, meets: (event: EpcisEvent) => boolean) {
  const kept = await ledger.events(query);
  expect(kept.length, JSON.stringify(query)).toBeGreaterThan(0);
  expect(kept.length, JSON.stringify(query)).toBeLessThan(all.length);
  expect(new Set(ids(kept))).toEqual(new Set(ids(all.filter(meets))));
  expect(ids(await ledger.events({ ...query, perPage: "2" }))).toEqual(ids(kept));
  return kept;
}

/** An SGTIN pattern of a GTIN-14 read with a seven-digit company prefix. */
const sgtinPattern = (gtin: string, serial = "*") =>
  `urn:epc:idpat:sgtin:${gtin.slice(1, 8)}.${gtin[0]}${gtin.slice(8, 13)}.${serial}`;

describe("SGTIN patterns", () => {
  it("a GTIN with any serial keeps the events naming that product's items, and another GTIN's differ", async () => {
    const [first, second] = gtins;
    const one = await narrows({ MATCH_epc: sgtinPattern(first) }, (event) => epcsOf(event).some(ofGtin(first)));
    const other = await narrows({ MATCH_epc: sgtinPattern(second) }, (event) => epcsOf(event).some(ofGtin(second)));
    expect(ids(one)).not.toEqual(ids(other));
    // A GTIN no product has keeps nothing.
    expect(await ledger.events({ MATCH_epc: sgtinPattern(withCheck("0690555500001")) })).toEqual([]);
  });

  it("a company prefix with any item keeps the items of every product under it", async () => {
    await narrows({ MATCH_anyEPC: `urn:epc:idpat:sgtin:6901234.*.*` }, (event) => epcsOf(event).some(ofGtin(gtins[0])));
    // A six-digit prefix reads the same GTINs: 690123 is the first product's, not 6909876's.
    await narrows({ MATCH_epc: "urn:epc:idpat:sgtin:690123.*.*" }, (event) => epcsOf(event).some(ofGtin(gtins[0])));
    // Every GTIN at once: both products' items.
    await narrows({ MATCH_epc: "urn:epc:idpat:sgtin:*.*.*" }, (event) =>
      epcsOf(event).some((uri) => gtins.some((gtin) => ofGtin(gtin)(uri))),
    );
  });

  it("a pattern with its serial, and urn:epc:id:sgtin, name one EPC as its Digital Link does", async () => {
    const item = all.flatMap(epcsOf).find(ofGtin(gtins[0]))!;
    const serial = item.split("/21/")[1];
    const byLink = await narrows({ MATCH_epc: item }, (event) => epcsOf(event).includes(item));
    expect(ids(await ledger.events({ MATCH_epc: sgtinPattern(gtins[0], serial) }))).toEqual(ids(byLink));
    const pure = `urn:epc:id:sgtin:${gtins[0].slice(1, 8)}.${gtins[0][0]}${gtins[0].slice(8, 13)}.${serial}`;
    expect(ids(await ledger.events({ MATCH_epc: pure }))).toEqual(ids(byLink));
  });
});

describe("SSCC patterns", () => {
  it("a company prefix keeps the events naming an SSCC under it, as EPC, parent or either", async () => {
    const sscc = [...all.flatMap(epcsOf), ...all.map((event) => event.parentID as string)].find((uri) =>
      uri?.startsWith("https://id.gs1.org/00/"),
    )!;
    const digits = sscc.slice("https://id.gs1.org/00/".length);
    const prefix = digits.slice(1, 8);
    const pattern = `urn:epc:idpat:sscc:${prefix}.*`;
    const own = await narrows({ MATCH_epc: pattern }, (event) => epcsOf(event).includes(sscc));
    const parent = await narrows({ MATCH_parentID: pattern }, (event) => event.parentID === sscc);
    const any = await narrows(
      { MATCH_anyEPC: pattern },
      (event) => epcsOf(event).includes(sscc) || event.parentID === sscc,
    );
    expect(new Set(ids(any))).toEqual(new Set([...ids(own), ...ids(parent)]));
    expect(
      ids(await ledger.events({ MATCH_anyEPC: `urn:epc:id:sscc:${prefix}.${digits[0]}${digits.slice(8, 17)}` })),
    ).toEqual(ids(any));
    // Another company prefix keeps none; patterns and exact URIs combine as alternatives.
    expect(await ledger.events({ MATCH_anyEPC: "urn:epc:idpat:sscc:0614141.*" })).toEqual([]);
    const both = await ledger.events({ MATCH_epc: [pattern, sgtinPattern(gtins[0])] });
    const items = await ledger.events({ MATCH_epc: sgtinPattern(gtins[0]) });
    expect(new Set(ids(both))).toEqual(new Set([...ids(own), ...ids(items)]));
  });
});

describe("malformed patterns", () => {
  it.each([
    "urn:epc:idpat:sgtin:6901234.*.123",
    "urn:epc:idpat:sgtin:6901234.0000.*",
    "urn:epc:idpat:sgtin:69AB234.00001.*",
    "urn:epc:idpat:sscc:12.*",
    "urn:epc:idpat:sscc:6901234",
  ])("%s is a QueryValidationException naming it", async (pattern) => {
    const response = await ledger.get("/epcis/events", { MATCH_epc: pattern });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: "epcisException:QueryValidationException" });
    expect(response.json<{ detail: string }>().detail).toContain(pattern);
  });
});
