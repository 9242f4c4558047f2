// The station's setup (the work order, the level), locked while a unit is open: a box is packed
// under the setup it was opened with. It reads whether a unit is open from the station's store
// itself, so a box opening or closing draws the setup again, not the station around it.
import { Form, type FormInstance } from "antd";
import type { FieldConfig } from "../../../schema/contract/screen-config";
import { FormFields } from "../screens/FormFields";
import { unitIsOpen } from "./station-state";
import { useStationSlice, type StationStore } from "./station-store";

interface StationSetupProps {
  readonly store: StationStore;
  readonly form: FormInstance<Record<string, unknown>>;
  readonly fields: readonly FieldConfig[];
  readonly initialValues: Record<string, unknown>;
}

export function StationSetup({ store, form, fields, initialValues }: StationSetupProps) {
  const unitOpen = useStationSlice(store, unitIsOpen);
  return (
    <Form form={form} layout="vertical" disabled={unitOpen} initialValues={initialValues}>
      <FormFields fields={fields} />
    </Form>
  );
}
