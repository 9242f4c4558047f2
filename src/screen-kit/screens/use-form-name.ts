// A form name unique on the page. antd derives each field's id from it, and pages stay mounted while
// their tab is open (keep-alive), so without it a label's `for` would point at a field of a hidden page.
import { useId } from "react";

export function useFormName(prefix: string): string {
  return `${prefix}-${useId().replace(/[^A-Za-z0-9]/g, "")}`;
}
