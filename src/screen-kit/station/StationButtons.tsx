// The station's commands as buttons, for a mouse or a touch screen (the keys do the same). Each
// button reads only whether it may be pressed, so a scan that changes nothing of that draws none
// of them again.
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { StationState } from "./station-state";
import { useStationSlice, type StationStore } from "./station-store";

export interface StationKeys {
  readonly close: string;
  readonly undo: string;
  readonly finish: string;
}

interface StationButtonsProps {
  readonly store: StationStore;
  readonly keys: StationKeys;
  /** The station fills units (parent first): a tail unit is closed by hand. */
  readonly units: boolean;
  /** The station holds codes for the next package (children first): a part package is closed by hand. */
  readonly hold: boolean;
  readonly undo: boolean;
  /** The finishing action's title, when the operator may finish the record. */
  readonly finishTitle?: string;
  readonly ready: boolean;
  readonly onCommand: (key: string) => boolean;
}

const noUnit = (state: StationState) => !state.unit;
const noneHeld = (state: StationState) => !state.held?.codes.length;
const nothingToUndo = (state: StationState) => state.accepted.length === 0;

export function StationButtons({ store, keys, units, hold, undo, finishTitle, ready, onCommand }: StationButtonsProps) {
  const { t } = useTranslation();
  const closeDisabled = useStationSlice(store, units ? noUnit : noneHeld);
  const undoDisabled = useStationSlice(store, nothingToUndo);
  return (
    <Space wrap>
      {units && (
        <Button disabled={closeDisabled} onClick={() => onCommand(keys.close)}>
          {t("screens.station.closeUnit", { key: keys.close })}
        </Button>
      )}
      {hold && (
        <Button disabled={closeDisabled} onClick={() => onCommand(keys.close)}>
          {t("screens.station.partPackage", { key: keys.close })}
        </Button>
      )}
      {(undo || hold) && (
        <Button disabled={undoDisabled} onClick={() => onCommand(keys.undo)}>
          {t("screens.station.undo", { key: keys.undo })}
        </Button>
      )}
      {finishTitle !== undefined && (
        <Button type="primary" disabled={!ready} onClick={() => onCommand(keys.finish)}>
          {t("screens.station.finish", { action: finishTitle, key: keys.finish })}
        </Button>
      )}
    </Space>
  );
}
