// The last seven days, one small bar chart per series (codes, scans, shipped), each on its own
// scale so that small figures stay readable. Plain SVG: no chart library needed.
import { useTranslation } from "react-i18next";
import { readableOn } from "../../utils/contrast";
import { barLayout, SERIES, type DayFigures } from "./dashboard-data";

const WIDTH = 320;
const HEIGHT = 120;
/** Each series' colour on the white card, darkened until its caption reads at 4.5:1; its bars match. */
const INK = new Map(SERIES.map((series) => [series.key, readableOn(series.color, "#ffffff")]));

export function TrendChart({ days }: { readonly days: readonly DayFigures[] }) {
  const { t } = useTranslation();
  const slot = WIDTH / Math.max(1, days.length);
  return (
    <div className="trend-chart" role="group" aria-label={t("shell.dashboard.last7Days")}>
      {SERIES.map((series) => (
        <figure key={series.key} className="trend-panel" data-series={series.key}>
          <figcaption style={{ color: INK.get(series.key) }}>{t(series.label)}</figcaption>
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 34}`} role="img" aria-label={t(series.label)}>
            {barLayout(days, series.key, WIDTH, HEIGHT).map((bar) => (
              <g key={bar.day}>
                <rect x={bar.x} y={bar.y + 14} width={bar.width} height={bar.height} fill={INK.get(series.key)}>
                  <title>{`${bar.day}: ${bar.value}`}</title>
                </rect>
                <text x={bar.x + bar.width / 2} y={bar.y + 10} textAnchor="middle" fontSize={10} fill="#666">
                  {bar.value}
                </text>
              </g>
            ))}
            <line x1={0} x2={WIDTH} y1={HEIGHT + 14} y2={HEIGHT + 14} stroke="#d9d9d9" />
            {days.map((day, i) => (
              <text
                key={day.date}
                x={i * slot + slot / 2}
                y={HEIGHT + 30}
                textAnchor="middle"
                fontSize={11}
                fill="#666"
              >
                {day.date.slice(5)}
              </text>
            ))}
          </svg>
        </figure>
      ))}
    </div>
  );
}
