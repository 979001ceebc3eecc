import { useId } from "react";

/**
 * A bar chart drawn as inline SVG on the server: no script, readable without JavaScript, printed as it is. Its
 * labels are page text, so they keep their size on a phone. The figures are also in the table the page shows with
 * it (`aria-describedby` points screen readers there).
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
    // One row per bar: the label and figure are page text (readable at any width), the bar an SVG stretched to fit.
    return (
      <figure className="admin-bar-chart">
        <div role="img" aria-label={title} aria-describedby={tableId} className="admin-bar-rows">
          {bars.map((bar) => (
            <div key={bar.label} className="admin-bar-rows__row">
              <span className="admin-bar-rows__label">{bar.label}</span>
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                <rect x="0" y="0" width={Math.max((bar.value / max) * 100, 0.5)} height="10" className="admin-bar" />
                {bar.part ? (
                  <rect x="0" y="0" width={(bar.part / max) * 100} height="10" className="admin-bar--part" />
                ) : null}
              </svg>
              <span className="admin-bar-rows__value">{bar.value}</span>
            </div>
          ))}
        </div>
        {legend}
      </figure>
    );
  }
  const gap = bars.length > 40 ? 1 : 3;
  const slot = WIDTH / Math.max(1, bars.length);
  return (
    <figure className="admin-bar-chart">
      <p className="admin-bar-chart__max" aria-hidden="true">
        {max}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${COLUMN_HEIGHT + 2}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={tableId}
        preserveAspectRatio="none"
      >
        <title id={titleId}>{title}</title>
        <line x1="0" x2={WIDTH} y1={COLUMN_HEIGHT} y2={COLUMN_HEIGHT} className="admin-bar-chart__axis" />
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
            </g>
          );
        })}
      </svg>
      <div className="admin-bar-chart__axis-labels" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
      {legend}
    </figure>
  );
}
