// The verdict of the last scan, big enough to read from the line: its colour (theme tokens), the
// code, the refusal and what to do next. It reads the verdict from the station's store itself: a
// scan draws this small part again, not the station around it.
import { theme } from "antd";
import { useTranslation } from "react-i18next";
import type { StationState, VerdictKind } from "./station-state";
import { useStationSlice, type StationStore } from "./station-store";

type Token = ReturnType<typeof theme.useToken>["token"];

const COLOURS: Readonly<Record<VerdictKind, (token: Token) => { background: string; border: string }>> = {
  ok: (token) => ({ background: token.colorSuccessBg, border: token.colorSuccess }),
  opened: (token) => ({ background: token.colorSuccessBg, border: token.colorSuccess }),
  complete: (token) => ({ background: token.colorInfoBg, border: token.colorInfo }),
  finished: (token) => ({ background: token.colorInfoBg, border: token.colorInfo }),
  undone: (token) => ({ background: token.colorWarningBg, border: token.colorWarning }),
  refused: (token) => ({ background: token.colorErrorBg, border: token.colorError }),
  queued: (token) => ({ background: token.colorWarningBg, border: token.colorWarning }),
};

const lastVerdict = (state: StationState) => state.last;

export function StationVerdict({ store, waitingKey }: { store: StationStore; waitingKey: string }) {
  const { t } = useTranslation();
  const verdict = useStationSlice(store, lastVerdict);
  const { token } = theme.useToken();
  if (!verdict)
    return (
      <div className="station-verdict" data-verdict="waiting" role="status">
        <div className="station-verdict__next">{t(waitingKey)}</div>
      </div>
    );
  const colour = COLOURS[verdict.kind](token);
  return (
    <div
      className="station-verdict"
      data-verdict={verdict.kind}
      role="status"
      aria-live="assertive"
      style={{ background: colour.background, borderColor: colour.border, color: token.colorText }}
    >
      <div className="station-verdict__kind" style={{ color: colour.border }}>
        {t(`screens.station.verdict.${verdict.kind}`)}
      </div>
      <div className="station-verdict__code">{verdict.code}</div>
      {verdict.message && <div className="station-verdict__message">{verdict.message}</div>}
      <div className="station-verdict__next">{t(verdict.nextKey)}</div>
    </div>
  );
}
