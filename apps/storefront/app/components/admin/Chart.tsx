import { useEffect, useRef } from "react";
import type uPlot from "uplot";

/**
 * A chart drawn by uPlot (a small, maintained chart library), loaded only where a chart is shown: the module and
 * its stylesheet come with the dashboard's own chunk, never with another page. Without JavaScript the numbers
 * beside the chart and its table carry the same figures. `build` makes uPlot's options for a width.
 */
export interface ChartProps {
  /** The chart's description for screen readers (the figures are also in a table). */
  label: string;
  data: uPlot.AlignedData;
  build: (u: typeof uPlot, width: number) => uPlot.Options;
  height?: number;
  className?: string;
}

export function Chart({ label, data, build, height = 240, className }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const width = Math.max(240, element.clientWidth);
      chart = new UPlot({ ...build(UPlot, width), width, height }, data, element);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(240, element.clientWidth), height }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [data, build, height]);
  return (
    <div ref={box} className={className ?? "admin-chart"} role="img" aria-label={label} style={{ minHeight: height }} />
  );
}
