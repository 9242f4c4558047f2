// SSCC (Serial Shipping Container Code) for pallets: extension digit + GS1 company prefix (kept on
// 维护企业) + serial reference, padded to 17 digits, + the GS1 mod-10 check digit = exactly 18
// digits (the SSCC of the GS1 General Specifications). The serial reference is sequential per prefix.
import { message, messageIn, type Message } from "../../../../schema/contract/messages";
import { gs1CheckDigit } from "./check-characters";

export const SSCC_LENGTH = 18;

export interface SsccRule {
  /** 0-9, chosen by the company to extend the serial range. */
  readonly extensionDigit: string;
  /** The GS1 company prefix, 6 to 12 digits. */
  readonly companyPrefix: string;
}

export function ssccRuleProblems(rule: SsccRule): Message[] {
  const problems: Message[] = [];
  if (!/^\d$/.test(rule.extensionDigit))
    problems.push(message("codes.rule.extensionDigit", { given: JSON.stringify(rule.extensionDigit) }));
  if (!/^\d{6,12}$/.test(rule.companyPrefix))
    problems.push(message("codes.rule.companyPrefix", { given: JSON.stringify(rule.companyPrefix) }));
  return problems;
}

/** Serial references the rule can number: 10^(16 - prefix length). */
export const ssccCapacity = (rule: SsccRule): number => 10 ** (SSCC_LENGTH - 2 - rule.companyPrefix.length);

/** The SSCC of serial reference `serial` (0-based sequential). */
export function sscc(rule: SsccRule, serial: number): string {
  const problems = ssccRuleProblems(rule);
  if (problems.length) throw new Error(`SSCC rule: ${problems.map((problem) => messageIn("en", problem)).join("; ")}`);
  const room = SSCC_LENGTH - 2 - rule.companyPrefix.length;
  if (!Number.isInteger(serial) || serial < 0 || serial >= ssccCapacity(rule))
    throw new Error(`SSCC serial reference ${serial} does not fit ${room} digits after prefix ${rule.companyPrefix}`);
  const body = rule.extensionDigit + rule.companyPrefix + String(serial).padStart(room, "0");
  return body + gs1CheckDigit(body);
}
