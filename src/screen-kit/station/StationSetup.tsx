// The station's setup (the work order, the level), locked while a unit is open: a box is packed
// under the setup it was opened with. It reads whether a unit is open from the station's store
// itself, so a box opening or closing draws the setup again, not the station around it. Locking
// draws every field again (antd's Form hands `disabled` down through its context), so the setup
// unlocks only once the line pauses after a unit closes: at a line's pace the next box opens a scan
// later, and unlocking and locking the fields between two boxes held the scans behind them.
import { Form, type FormInstance } from "antd";
import { memo, useEffect, useState } from "react";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { FormFields } from "../screens/FormFields";
import { unitIsOpen } from "./station-state";
import { useStationSlice, type StationStore } from "./station-store";

/** How long the line must pause after a unit closes before the setup can be changed. */
export const SETUP_UNLOCK_QUIET_MS = 1000;

interface StationSetupProps {
  readonly store: StationStore;
  readonly form: FormInstance<Record<string, unknown>>;
  readonly fields: readonly FieldConfig[];
  readonly initialValues: Record<string, unknown>;
}

export function StationSetup({ store, ...form }: StationSetupProps) {
  const locked = useLockedUntilQuiet(useStationSlice(store, unitIsOpen), SETUP_UNLOCK_QUIET_MS);
  return <SetupForm {...form} locked={locked} />;
}

/** True while `open`, and until `quietMs` have passed with it false. */
function useLockedUntilQuiet(open: boolean, quietMs: number): boolean {
  const [locked, setLocked] = useState(open);
  // Locked in the same drawing that opens the unit (an update of its own state while drawing).
  if (open && !locked) setLocked(true);
  useEffect(() => {
    if (open) return undefined;
    const unlock = window.setTimeout(() => setLocked(false), quietMs);
    return () => window.clearTimeout(unlock);
  }, [open, quietMs]);
  return open || locked;
}

const SetupForm = memo(function SetupForm({
  form,
  fields,
  initialValues,
  locked,
}: Omit<StationSetupProps, "store"> & { readonly locked: boolean }) {
  return (
    <Form form={form} layout="vertical" disabled={locked} initialValues={initialValues}>
      <FormFields fields={fields} />
    </Form>
  );
});
