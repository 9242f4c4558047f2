// The station's scanner input, labelled with what the line scans next: a unit's code while none is
// open, an item's once one is. It reads whether a unit is open from the station's store itself, so
// a box opening or closing draws the scanner's label again, not the station around it.
import { unitIsOpen } from "./station-state";
import { useStationSlice, type StationStore } from "./station-store";
import { ScannerInput } from "./ScannerInput";

interface StationScannerProps {
  readonly store: StationStore;
  /** The label for what is scanned next, by whether a unit is open. */
  readonly labelOf: (unitOpen: boolean) => string;
  readonly disabled: boolean;
  readonly onScan: (text: string) => void;
  readonly onCommand: (key: string) => boolean;
}

export function StationScanner({ store, labelOf, disabled, onScan, onCommand }: StationScannerProps) {
  const label = labelOf(useStationSlice(store, unitIsOpen));
  return <ScannerInput label={label} placeholder={label} disabled={disabled} onScan={onScan} onCommand={onCommand} />;
}
