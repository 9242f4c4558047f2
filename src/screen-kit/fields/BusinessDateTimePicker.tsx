// A date-time picker on the business clock: form-item-props hands it the business wall time, and
// where the viewer's own clock reads differently it says whose clock that is ("UTC+8") inside the
// field, as the screens do beside every time they print. Its "Now" button would pick the viewer's
// wall time, so it is offered only where the two clocks agree.
import { DatePicker } from "antd";
import type { DatePickerProps } from "antd";
import { useState, useSyncExternalStore } from "react";
import { businessZone, subscribeBusinessZone, zoneLabel } from "../../utils/business-time";

type Props = Omit<DatePickerProps, "showTime" | "prefix" | "showNow">;

export function BusinessDateTimePicker(props: Props) {
  const zone = useSyncExternalStore(subscribeBusinessZone, businessZone, businessZone);
  // The offsets as of the form's opening: a form left open across a zone's change is rare enough.
  const [openedAt] = useState(Date.now);
  const label = zoneLabel(openedAt, zone);
  return (
    <DatePicker
      {...props}
      showTime
      showNow={label === ""}
      prefix={label ? <span data-testid="business-zone-label">{label}</span> : undefined}
    />
  );
}
