// CBV 2.0's standard vocabularies that an event may name by their bare word ("receiving"); the
// pre-hash string writes such a word as its full URI. A word outside these lists stays as sent.
const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

const BIZ_STEPS = words(`
  accepting arriving assembling collecting commissioning consigning creating_class_instance
  cycle_counting decommissioning departing destroying disassembling dispensing encoding
  entering_exiting holding inspecting installing killing loading other packing picking receiving
  removing repackaging repairing replacing reserving retail_selling sampling sensor_reporting
  shipping staging_outbound stock_taking stocking storing transporting unloading unpacking
  void_shipping`);

const DISPOSITIONS = words(`
  active available completeness_inferred completeness_verified conformant container_closed
  container_open damaged destroyed dispensed disposed encoded expired in_progress in_transit
  inactive mismatch_instance mismatch_class mismatch_quantity needs_replacement no_pedigree_match
  non_conformant non_sellable_other partially_dispensed recalled reserved retail_sold returned
  sellable_accessible sellable_not_accessible stolen unavailable unknown`);

const BIZ_TRANSACTION_TYPES = words(`
  bol cert desadv inv pedigree po poc prodorder recadv rma testprd testres upevt`);

const SOURCE_DESTINATION_TYPES = words(`owning_party possessing_party location`);

const fullUri = (vocabulary: ReadonlySet<string>, base: string) => (value: unknown) =>
  typeof value === "string" && vocabulary.has(value) ? `${base}${value}` : value;

export const bizStepUri = fullUri(BIZ_STEPS, "https://ref.gs1.org/cbv/BizStep-");
export const dispositionUri = fullUri(DISPOSITIONS, "https://ref.gs1.org/cbv/Disp-");
export const bizTransactionTypeUri = fullUri(BIZ_TRANSACTION_TYPES, "https://ref.gs1.org/cbv/BTT-");
export const sourceDestinationTypeUri = fullUri(SOURCE_DESTINATION_TYPES, "https://ref.gs1.org/cbv/SDT-");
