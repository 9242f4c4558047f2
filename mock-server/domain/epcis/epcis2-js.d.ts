// The part of epcis2.js (GS1-conformant EPCIS 2.0 SDK; its bundle's types are not where its
// package.json points) the ledger uses: the event hash generator. The bundle is CommonJS, so
// under ESM its exports are properties of the default import.
declare module "epcis2.js" {
  const epcis2: {
    /** GS1's event hash ("ni:///sha-256;…?ver=CBV2.0") of an EPCIS event; `context`: its prefixes. */
    eventToHashedId(event: Record<string, unknown>, context: Record<string, string>, throwError?: boolean): string;
  };
  export default epcis2;
}
