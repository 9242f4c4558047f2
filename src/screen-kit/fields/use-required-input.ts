// Form.Item marks a required field by handing its control aria-required. antd 5's Select, Cascader
// and DatePicker put it on their outer <div>, where ARIA does not allow it (antd 6 moves it to the
// input). The control's own input carries the field's id, so the mark is set there, and only on an
// element whose role takes it.
import { useEffect } from "react";

const MAY_BE_REQUIRED =
  "input, textarea, select, [role=combobox], [role=textbox], [role=spinbutton], [role=switch], [role=checkbox], [role=listbox], [role=radiogroup]";

export function useRequiredInput(id: string | undefined, required: boolean): void {
  useEffect(() => {
    if (!id || !required) return;
    const input = document.getElementById(id);
    if (!input?.matches(MAY_BE_REQUIRED)) return;
    input.setAttribute("aria-required", "true");
    return () => input.removeAttribute("aria-required");
  }, [id, required]);
}
