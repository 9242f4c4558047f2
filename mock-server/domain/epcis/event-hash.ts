// An event's identity: GS1's event hash (CBV 2.0 §8.9, "ni:///sha-256;…?ver=CBV2.0"), made by the
// generator epcis2.js ships, over the event exactly as the export gives it. The hash leaves out
// eventID and recordTime by GS1's rule, so it names what happened, not when we wrote it down.
import epcis2 from "epcis2.js";
import type { EpcisEvent } from "./epcis-event";
import { PRIVATE_NAMESPACE } from "./epcis-namespace";

/** GS1's hash of `event` (an EPCIS event as epcis-event.ts makes it, with or without eventID). */
export const eventHash = (event: EpcisEvent): string => epcis2.eventToHashedId(event, PRIVATE_NAMESPACE);
