// A GS1 Digital Link on a label: /01/{gtin}/21/{serial} opens the scan page with
// the serial as the code, and the scan call checks the link itself with digital-link.js, GS1's
// reference library (the grammar and the GTIN's check digit), here on the server so the consumer's
// phone never downloads its grammar.
import { DigitalLink } from "digital-link.js";
import { invalid } from "../refusals";
import { message } from "../../schema/contract/messages";

/** The canonical Digital Link of a GTIN and a serial; refuses (400) one that is not valid. */
export function checkDigitalLink(gtin: string, serial: string): string {
  const uri = `https://id.gs1.org/01/${gtin}/21/${encodeURIComponent(serial)}`;
  if (!isValidLink(uri)) throw invalid("gtin", message("logistics.scan.badDigitalLink", { gtin, serial }));
  return uri;
}

/** digital-link.js throws on some malformed links instead of answering false. */
function isValidLink(uri: string): boolean {
  try {
    return DigitalLink(uri).isValid();
  } catch {
    return false;
  }
}
