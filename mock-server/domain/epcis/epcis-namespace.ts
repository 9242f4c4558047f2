// The JSON-LD contexts every EPCIS document and event of ours names.
export const EPCIS_CONTEXT = "https://ref.gs1.org/standards/epcis/epcis-context.jsonld";
/** Our own terms (production date in ilmd, the ledger's kind of event) live under this namespace. */
export const PRIVATE_NAMESPACE = { tc: "https://trace-console.example/epcis/" };
