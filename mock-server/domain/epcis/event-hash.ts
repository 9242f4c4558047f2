// An event's identity: GS1's event hash (CBV 2.0 §8.9, "ni:///sha-256;…?ver=CBV2.0") of the event
// exactly as the export gives it, or as a partner sent it. The hash leaves out eventID and
// recordTime by GS1's rule, so it names what happened, not when we wrote it down. We write the
// pre-hash string ourselves (gs1-hash/) for the events we cover, which are every event the ledger
// writes and the partner events seen most; any other event goes to epcis2.js, GS1's reference
// generator, so the hash is always GS1's (gs1-hash/pre-hash-string.ts lists what goes there).
import { createHash } from "node:crypto";
import epcis2 from "epcis2.js";
import type { EpcisEvent } from "./epcis-event";
import { PRIVATE_NAMESPACE } from "./epcis-namespace";
import { preHashString, UNSURE } from "./gs1-hash/pre-hash-string";

/** Who wrote an event's hash: our pre-hash string, or epcis2.js. */
export type HashWriter = "ours" | "epcis2.js";

type Prefixes = Readonly<Record<string, string>>;

const hashOfPreHash = (preHash: string) =>
  `ni:///sha-256;${createHash("sha256").update(preHash, "utf8").digest("hex")}?ver=CBV2.0`;

/** epcis2.js writes CBV terms' full URIs into the event it hashes, so it is given a copy. */
const referenceHash = (event: EpcisEvent, prefixes: Prefixes) =>
  epcis2.eventToHashedId(structuredClone(event), { ...prefixes }, true);

/** GS1's hash of `event`, its extensions' prefixes named by `prefixes`; throws for an event GS1's generator refuses. */
export function gs1EventHash(event: EpcisEvent, prefixes: Prefixes): string {
  const preHash = preHashString(event, prefixes);
  return preHash === UNSURE ? referenceHash(event, prefixes) : hashOfPreHash(preHash);
}

/** Which writer gs1EventHash hands `event` to. */
export const hashWriterOf = (event: EpcisEvent, prefixes: Prefixes): HashWriter =>
  preHashString(event, prefixes) === UNSURE ? "epcis2.js" : "ours";

/** GS1's hash of `event` (an EPCIS event as epcis-event.ts makes it, with or without eventID). */
export const eventHash = (event: EpcisEvent): string => gs1EventHash(event, PRIVATE_NAMESPACE);
