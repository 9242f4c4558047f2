// A GS1 Digital Link on a label (issue 12 item 4): /01/{gtin}/21/{serial} opens the scan page with
// the serial as the code, and the scan call checks the link itself with digital-link.js, GS1's
// reference library (the grammar and the GTIN's check digit), here on the server so the consumer's
// phone never downloads its grammar.
import { DigitalLink } from "digital-link.js";
import { invalid } from "../refusals";
import { message } from "../../schema/contract/messages";

/** The canonical Digital Link of a GTIN and a serial; refuses (400) one that is not valid. */
export function checkDigitalLink(gtin: string, serial: string): string {
  const uri = `https://id.gs1.org/01/${gtin}/21/${encodeURIComponent(serial)}`;
  let valid = false;
  try {
    valid = DigitalLink(uri).isValid();
  } catch {
    valid = false;
  }
  if (!valid) throw invalid("gtin", message("logistics.scan.badDigitalLink", { gtin, serial }));
  return uri;
}
