/**
 * Automatic ranges of a numeric facet (prices). `even` cuts the span into equal steps of a round width;
 * `equiprobable` puts about as many products in each range, with boundaries rounded to price points.
 */
export type RangeAlgorithm = "even" | "equiprobable";

export interface AutomaticRange {
  start: number;
  end: number;
  endInclusive: boolean;
}

const NICE_STEPS = [1, 2, 2.5, 5];

/** The smallest round step (1, 2, 2.5, 5 × 10^k) at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const step of NICE_STEPS) if (step * magnitude >= raw - 1e-9) return step * magnitude;
  return 10 * magnitude;
}

/** A boundary rounded to a price a shopper thinks in: 5s under 100, 10s under 500, then 50s. */
export function roundPricePoint(value: number): number {
  const unit = value < 20 ? 1 : value < 100 ? 5 : value < 500 ? 10 : 50;
  return Math.round(value / unit) * unit;
}

export function automaticRanges(
  min: number,
  max: number,
  count: number,
  algorithm: RangeAlgorithm,
  sortedValues: readonly number[],
): AutomaticRange[] {
  const n = Math.max(1, count);
  if (max <= min) {
    const start = Math.floor(min);
    return [{ start, end: Math.max(start + 1, Math.ceil(max)), endInclusive: true }];
  }
  let bounds: number[];
  if (algorithm === "equiprobable" && sortedValues.length > 0) {
    bounds = [Math.floor(min)];
    for (let i = 1; i < n; i++) {
      const q = sortedValues[Math.min(sortedValues.length - 1, Math.floor((i * sortedValues.length) / n))] as number;
      const b = roundPricePoint(q);
      if (b > (bounds[bounds.length - 1] as number) && b < max) bounds.push(b);
    }
    bounds.push(Math.ceil(max));
  } else {
    const step = niceStep((max - min) / n);
    const start = Math.floor(min / step) * step;
    bounds = [start];
    while ((bounds[bounds.length - 1] as number) <= max)
      bounds.push(roundTo((bounds[bounds.length - 1] as number) + step));
    // The last range ends at the maximum itself, inclusive, so the most expensive product is always inside.
    if ((bounds[bounds.length - 2] as number) === max) bounds.pop();
  }
  const ranges: AutomaticRange[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    ranges.push({ start: bounds[i] as number, end: bounds[i + 1] as number, endInclusive: i + 2 === bounds.length });
  }
  return ranges;
}

function roundTo(value: number): number {
  return Math.round(value * 100) / 100;
}
