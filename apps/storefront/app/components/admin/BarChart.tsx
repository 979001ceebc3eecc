import { useId } from "react";

/**
 * A bar chart drawn as inline SVG on the server: no script, readable without JavaScript, printed as it is. The
 * figures are also in the table the page shows with it (`aria-describedby` points screen readers there).
 */
export interface Bar {
  label: string;
  value: number;
  /** A second, smaller figure drawn inside the bar (searches without results inside all searches). */
  part?: number;
}

export interface BarChartProps {
  title: string;
  bars: readonly Bar[];
  /** Id of the table with the same figures. */
  tableId: string;
  /** Bars side by side (days) or one under the other (stores). */
  direction?: "columns" | "rows";
  partLabel?: string;
  valueLabel?: string;
}

const WIDTH = 640;
const COLUMN_HEIGHT = 180;
const ROW_HEIGHT = 26;
const LABEL_WIDTH = 90;

export function BarChart({ title, bars, tableId, direction = "columns", partLabel, valueLabel }: BarChartProps) {
  const titleId = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const legend =
    partLabel && valueLabel ? (
      <p className="admin-chart-legend" aria-hidden="true">
        <span className="admin-chart-legend__key admin-chart-legend__key--all" /> {valueLabel}{" "}
        <span className="admin-chart-legend__key admin-chart-legend__key--part" /> {partLabel}
      </p>
    ) : null;
  if (direction === "rows") {
    const height = bars.length * ROW_HEIGHT + 4;
    const span = WIDTH - LABEL_WIDTH - 60;
    return (
      <figure className="admin-bar-chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={tableId}
          preserveAspectRatio="xMinYMin meet"
        >
          <title id={titleId}>{title}</title>
          {bars.map((bar, i) => {
            const y = i * ROW_HEIGHT + 2;
            const w = (bar.value / max) * span;
            const p = ((bar.part ?? 0) / max) * span;
            return (
              <g key={bar.label}>
                <text x={LABEL_WIDTH - 8} y={y + 16} textAnchor="end" className="admin-bar-chart__label">
                  {bar.label}
                </text>
                <rect x={LABEL_WIDTH} y={y + 3} width={Math.max(w, 1)} height={ROW_HEIGHT - 8} className="admin-bar" />
                {p > 0 ? (
                  <rect x={LABEL_WIDTH} y={y + 3} width={p} height={ROW_HEIGHT - 8} className="admin-bar--part" />
                ) : null}
                <text x={LABEL_WIDTH + w + 6} y={y + 16} className="admin-bar-chart__value">
                  {bar.value}
                </text>
              </g>
            );
          })}
        </svg>
        {legend}
      </figure>
    );
  }
  const gap = bars.length > 40 ? 1 : 3;
  const slot = WIDTH / Math.max(1, bars.length);
  const labelEvery = Math.ceil(bars.length / 8);
  return (
    <figure className="admin-bar-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${COLUMN_HEIGHT + 24}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={tableId}
        preserveAspectRatio="xMinYMin meet"
      >
        <title id={titleId}>{title}</title>
        <line x1="0" x2={WIDTH} y1={COLUMN_HEIGHT} y2={COLUMN_HEIGHT} className="admin-bar-chart__axis" />
        <text x="2" y="12" className="admin-bar-chart__value">
          {max}
        </text>
        {bars.map((bar, i) => {
          const h = (bar.value / max) * (COLUMN_HEIGHT - 20);
          const p = ((bar.part ?? 0) / max) * (COLUMN_HEIGHT - 20);
          const x = i * slot + gap / 2;
          return (
            <g key={bar.label}>
              <rect x={x} y={COLUMN_HEIGHT - h} width={slot - gap} height={h} className="admin-bar" />
              {p > 0 ? (
                <rect x={x} y={COLUMN_HEIGHT - p} width={slot - gap} height={p} className="admin-bar--part" />
              ) : null}
              {i % labelEvery === 0 ? (
                <text x={x} y={COLUMN_HEIGHT + 16} className="admin-bar-chart__label">
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {legend}
    </figure>
  );
}
