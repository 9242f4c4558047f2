// The accessibility check of the browser tests: axe-core over the page as shown, failing on every
// serious or critical violation (low contrast, a control without a name, an ARIA attribute where it
// is not allowed), each listed with the elements it was found on.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The impacts that fail a page: what keeps someone from reading or using it, not a lesser fault. */
const BLOCKING = new Set(["serious", "critical"]);

/** How many elements of one violation a failure names; the rest are counted. */
const SHOWN_NODES = 5;

export interface Violation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly nodes: readonly string[];
}

/** The page's serious and critical violations under WCAG 2.1 A and AA and axe's best practices. */
export async function blockingViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
}

/** One line per violation, with the first few elements, for a failure message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const more =
        violation.nodes.length > SHOWN_NODES ? `\n    … and ${violation.nodes.length - SHOWN_NODES} more` : "";
      const nodes = violation.nodes
        .slice(0, SHOWN_NODES)
        .map((node) => `\n    ${node.replace(/\s+/g, " ")}`)
        .join("");
      return `${violation.impact} ${violation.id} (${violation.help}) on ${violation.nodes.length} element(s):${nodes}${more}`;
    })
    .join("\n");
}

/** Fails, naming every fault, when axe finds a serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await blockingViolations(page);
  expect(violations, `${where}: serious or critical accessibility faults\n${describeViolations(violations)}`).toEqual(
    [],
  );
}
