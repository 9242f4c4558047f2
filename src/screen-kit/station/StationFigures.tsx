// The station's running figures: the count, and the unit being filled with its fill (7/12), or the
// codes held for the next package. Drawn again only when one of them changes.
import { useTranslation } from "react-i18next";
import type { StationState } from "./station-state";
import { useStationSlice, type StationStore } from "./station-store";

interface StationFiguresProps {
  readonly store: StationStore;
  /** The station fills units (parent first). */
  readonly units: boolean;
  /** The station holds codes for the next package (children first). */
  readonly hold: boolean;
}

const countOf = (state: StationState) => state.count;
const unitOf = (state: StationState) => state.unit;
const heldOf = (state: StationState) => state.held;

export function StationFigures({ store, units, hold }: StationFiguresProps) {
  const { t } = useTranslation();
  const count = useStationSlice(store, countOf);
  const unit = useStationSlice(store, unitOf);
  const held = useStationSlice(store, heldOf);
  return (
    <div className="station-figures" aria-label={t("screens.station.figures")}>
      <span data-testid="station-count">
        {t("screens.station.count")} <strong>{count}</strong>
      </span>
      {units && (
        <span data-testid="station-unit">
          {unit ? (
            <>
              {t("screens.station.unit")} <strong>{unit.code}</strong>{" "}
              <strong data-testid="station-fill">
                {unit.capacity === null ? unit.held : `${unit.held}/${unit.capacity}`}
              </strong>
            </>
          ) : (
            t("screens.station.noUnit")
          )}
        </span>
      )}
      {hold && (
        <span data-testid="station-unit">
          {t("screens.station.held")}{" "}
          <strong data-testid="station-fill">
            {held?.capacity ? `${held.codes.length}/${held.capacity}` : (held?.codes.length ?? 0)}
          </strong>
        </span>
      )}
    </div>
  );
}
