// Events a partner may send, for testing GS1's event hash against epcis2.js's: every event type,
// EPC URIs of every GS1 key epcis2.js converts (and their patterns), Digital Link URIs it
// canonicalises (alphabetic keys, other domains, CPV, lot with serial, query strings), dates with
// offsets and fractions, numbers with zeros to trim, bare CBV terms, ilmd, quantities, sensor
// elements, persistent dispositions, certification info and user extensions at every level.
import type { EpcisEvent } from "../domain/epcis/epcis-event";

export const EXAMPLE_PREFIXES = { example: "https://ns.example.com/epcis/", ext2: "http://ext2.example/v1#" };

const EPC_URIS = [
  "urn:epc:id:sgtin:0614141.107346.2018",
  "urn:epc:id:sgtin:061414112.345.A%2FB.1",
  "urn:epc:id:sscc:0614141.1234567890",
  "urn:epc:id:sgln:0614141.12345.400",
  "urn:epc:id:sgln:0614141.12345.0",
  "urn:epc:id:grai:0614141.12345.400",
  "urn:epc:id:giai:0614141.12345ABC",
  "urn:epc:id:gsrn:0614141.1234567890",
  "urn:epc:id:gsrnp:0614141.1234567890",
  "urn:epc:id:gdti:0614141.12345.400",
  "urn:epc:id:cpi:0614141.123ABC.123456789",
  "urn:epc:id:sgcn:4012345.67890.04711",
  "urn:epc:id:ginc:0614141.xyz3311cba",
  "urn:epc:id:gsin:0614141.123456789",
  "urn:epc:id:itip:4012345.012345.01.02.987",
  "urn:epc:id:upui:1234567.098765.51qIgY)%3C%26Jp3*j7'SDB",
  "urn:epc:id:pgln:1234567.89012",
  "urn:epc:id:bic:CSQU3054383",
  "urn:epc:idpat:sgtin:4012345.098765.*",
  "urn:epc:idpat:grai:4012345.98765.*",
  "urn:epc:idpat:gdti:4012345.98765.*",
  "urn:epc:idpat:sgcn:4012345.98765.*",
  "urn:epc:idpat:cpi:0614141.123ABC.*",
  "urn:epc:idpat:itip:4012345.012345.01.02.*",
  "urn:epc:idpat:upui:1234567.098765.*",
  "https://id.gs1.org/01/70614141123451/21/2018",
  "https://example.com/gtin/9780345418913/ser/765tz?abc=1",
  "https://id.gs1.org/01/09780345418913/10/lot1/21/ser.1",
  "https://id.gs1.org/01/09780345418913/22/cpv.1/21/ser",
  "https://brand.example.com/01/4012345123456/21/ABC.1",
  "https://brand.example.com/01/40123451/21/X.2",
  "https://id.gs1.org/00/106141412345678908",
  "https://example.org/414/4012345000009/254/ab.c",
  "http://example.com/8004/0614141ABC.1",
  "https://example.com/sscc/106141412345678908",
  "https://example.com/itip/040123450123450102/21/9.1",
  "https://id.gs1.org/8010/0614141ABC/8011/12",
  "https://example.com/8003/006141411234525.A",
  "https://example.com/path.with.dots/no-key",
  "tag:trace-console.example,2024:code:TC000000000001",
  "  urn:epc:id:sgtin:0614141.107346.2019  ",
  "urn:epc:id:sgtin:0614141.107346",
];

const CLASS_URIS = [
  "urn:epc:class:lgtin:4012345.012345.998877",
  "urn:epc:idpat:sgtin:4012345.012345.*",
  "https://id.gs1.org/01/04012345123456/10/Lot.7",
  "https://id.gs1.org/01/04012345123456",
];

const base = (extra: Record<string, unknown>): EpcisEvent => ({
  type: "ObjectEvent",
  eventTime: "2024-06-01T08:00:00.500+02:00",
  eventTimeZoneOffset: "+02:00",
  action: "OBSERVE",
  ...extra,
});

export const CAPTURED_CORPUS: readonly EpcisEvent[] = [
  // One event per URI, so one wrong conversion shows alone.
  ...EPC_URIS.map((epc) => base({ epcList: [epc], bizStep: "receiving" })),
  ...CLASS_URIS.map((epcClass) => base({ quantityList: [{ epcClass, quantity: 10.5, uom: "KGM" }] })),
  base({
    eventID: "ni:///sha-256;0000?ver=CBV2.0",
    recordTime: "2024-06-01T09:00:00Z",
    "@context": ["https://ref.gs1.org/standards/epcis/epcis-context.jsonld"],
    epcList: EPC_URIS.slice(0, 6),
    bizStep: "shipping",
    disposition: "in_transit",
    readPoint: { id: "urn:epc:id:sgln:0614141.07346.1234", "example:shelf": "A.1" },
    bizLocation: { id: "urn:epc:id:sgln:0614141.07346.0", "example:room": { "example:floor": 3 } },
    bizTransactionList: [
      { type: "po", bizTransaction: "urn:epcglobal:cbv:bt:0614141073467:PO123" },
      { type: "bol", bizTransaction: "tag:trace-console.example,2024:bol:W%2F1", "example:carrier": "ACME" },
      { bizTransaction: "http://transaction.example.com/inv/1" },
    ],
    sourceList: [
      { type: "owning_party", source: "urn:epc:id:pgln:0614141.00001" },
      { type: "https://ref.gs1.org/cbv/SDT-location", source: "urn:epc:id:sgln:0614141.00001.0" },
    ],
    destinationList: [{ type: "possessing_party", destination: "https://id.gs1.org/417/0614141000012" }],
    certificationInfo: "https://accreditation-council.example.org/certificate/ABC12345",
    errorDeclaration: { declarationTime: "2024-06-02T00:00:00Z", reason: "incorrect_data" },
  }),
  base({
    action: "ADD",
    epcList: ["urn:epc:id:sgtin:0614141.107346.2020"],
    bizStep: "commissioning",
    disposition: "active",
    ilmd: {
      "cbvmda:lotNumber": "L.2024 ",
      "cbvmda:itemExpirationDate": "2026-06-01",
      "tc:productionDate": "2024-06-01T00:00:00",
      "example:grade": ["B", "A", { "example:note": "x", "#text": "y" }],
      "example:weight": "0012.500",
      "example:ratio": 0.25,
      "example:ok": true,
      "example:comment": "   ",
    },
  }),
  base({
    type: "AggregationEvent",
    parentID: "urn:epc:id:sscc:0614141.1234567890",
    childEPCs: ["urn:epc:id:sgtin:0614141.107346.2018", "https://id.gs1.org/01/70614141123451/21/2019"],
    childQuantityList: [
      { epcClass: "urn:epc:class:lgtin:4012345.012345.998877", quantity: 200, uom: "KGM" },
      { epcClass: "urn:epc:idpat:sgtin:4012345.012345.*", quantity: 5 },
    ],
    bizStep: "packing",
    disposition: "in_progress",
  }),
  base({
    type: "TransformationEvent",
    action: undefined,
    inputEPCList: ["urn:epc:id:sgtin:4012345.011122.25"],
    inputQuantityList: [{ epcClass: "urn:epc:class:lgtin:4012345.011111.4444", quantity: "010.000", uom: "KGM" }],
    outputEPCList: ["urn:epc:id:sgtin:4012345.077889.25"],
    outputQuantityList: [{ epcClass: "urn:epc:idpat:sgtin:4012345.066666.*", quantity: 9522, "example:q": 1 }],
    transformationID: "urn:epc:id:gdti:0614141.12345.400",
    bizStep: "https://ref.gs1.org/cbv/BizStep-commissioning",
    persistentDisposition: { set: ["completeness_verified"], unset: ["completeness_inferred", "https://x.example/d"] },
  }),
  base({
    type: "TransactionEvent",
    action: "ADD",
    parentID: "urn:epc:id:grai:0614141.12345.400",
    epcList: ["urn:epc:id:sgtin:0614141.107346.2021"],
    bizTransactionList: [{ type: "desadv", bizTransaction: "urn:epcglobal:cbv:bt:0614141073467:ASN1" }],
    bizStep: "urn:epcglobal:cbv:bizstep:shipping",
    disposition: "urn:epcglobal:cbv:disp:in_transit",
  }),
  base({
    type: "AssociationEvent",
    action: "ADD",
    parentID: "urn:epc:id:grai:4012345.55555.987",
    childEPCs: ["urn:epc:id:giai:4000001.12345"],
    bizStep: "assembling",
    readPoint: { id: "urn:epc:id:sgln:4012345.00001.0" },
  }),
  base({
    epcList: ["urn:epc:id:sgtin:4012345.011111.9876"],
    bizStep: "inspecting",
    sensorElementList: [
      {
        sensorMetadata: {
          time: "2024-06-01T07:59:00.12+02:00",
          deviceID: "urn:epc:id:giai:4000001.111",
          deviceMetadata: "https://id.gs1.org/8004/4000001111",
          rawData: "https://example.org/8004/401234599999",
          dataProcessingMethod: "https://example.com/gdti/4012345000054987",
          bizRules: "https://example.org/gdti/4012345000054987",
          "example:calibration": "2024-01-01T00:00:00Z",
        },
        sensorReport: [
          { type: "Temperature", value: 26.0, uom: "CEL", component: "x", "example:probe": "A" },
          { type: "gs1:AbsoluteHumidity", exception: "ALARM_CONDITION", minValue: 12.1, maxValue: 12.2, uom: "A93" },
          {
            type: "Molar_concentration",
            chemicalSubstance: "https://identifiers.org/inchikey:CZMRCDWAGMRECN-UGDNZRGBSA-N",
            value: 0.18,
            uom: "C35",
          },
          {
            type: "Location",
            stringValue: "SomeString",
            coordinateReferenceSystem: "http://www.opengis.net/def/crs/EPSG/0/4979",
          },
          {
            booleanValue: true,
            hexBinaryValue: "f0f0f0",
            uriValue: "https://id.gs1.org/giai/4000001111",
            percRank: 50,
            percValue: 12.7,
            sDev: 0.1,
            meanValue: 13,
          },
        ],
        "example:further": { "example:x": ["2", "1"] },
      },
      { sensorReport: [{ type: "Speed", value: 160.0, uom: "KMH", time: "2024-06-01T08:00:00Z" }] },
    ],
  }),
  base({
    epcList: ["urn:epc:id:sgtin:0614141.107346.2022"],
    "example:myField1": "my text",
    "example:myField2": { "@xmlns:inner": "https://inner.example/", "inner:a": "1", "example:b": ["3", "1"] },
    "ext2:list": [{ "ext2:a": "x" }, { "ext2:a": "w" }],
    "rdfs:comment": "left out",
    "example:when": "2024-06-01T08:00:00-05:00",
    "example:num": "000.1200",
  }),
  base({
    eventTime: "2024-06-01T08:00:00.123456Z",
    eventTimeZoneOffset: "-05:30",
    epcList: ["urn:epc:id:sgtin:0614141.107346.2023"],
    disposition: "damaged",
    readPoint: { id: "geo:31.2304,121.4737" },
  }),
  base({ eventTime: "2024-06-01T08:00:00", epcList: ["urn:epc:id:sgtin:0614141.107346.2024"] }),
  // epcis2.js's README example (its eventID there is not this event's hash: the hash leaves eventID out).
  {
    eventID: "ni:///sha-256;4217c6a122625b7b9d8ae4f9b89890df35ffa0c501471a096cbfdeebd7207e45?ver=CBV2.0",
    type: "ObjectEvent",
    action: "OBSERVE",
    bizStep: "receiving",
    disposition: "in_progress",
    epcList: ["https://id.gs1.org/01/70614141123451/21/2018"],
    eventTime: "2021-04-04T20:33:31.116-06:00",
    eventTimeZoneOffset: "-06:00",
    readPoint: { id: "urn:epc:id:sgln:0012345.11111.400" },
    bizLocation: { id: "urn:epc:id:sgln:0012345.11111.0" },
    bizTransactionList: [{ type: "po", bizTransaction: "http://transaction.acme.com/po/12345678" }],
  },
];

/** Events epcis2.js cannot hash: an empty list, a prefix no context defines, a null extension, a lone surrogate. */
export const REFUSED_CORPUS: readonly EpcisEvent[] = [
  base({ epcList: [] }),
  base({ epcList: ["urn:epc:id:sgtin:0614141.107346.2018"], quantityList: [] }),
  base({ epcList: ["urn:epc:id:sgtin:0614141.107346.2018"], "nowhere:field": "x" }),
  base({ epcList: ["urn:epc:id:sgtin:0614141.107346.2018"], "example:field": null }),
  base({ epcList: ["tag:x:\ud800"] }),
];
