/**
 * The sales of a report as a chart (uPlot, loaded with the reports section
 * only). A picture for the eye: its text alternative is the table it is
 * drawn from (`describedBy`), which holds the same figures. uPlot itself is
 * fetched by this section's chunk when the first chart is drawn (it measures
 * the screen as it loads, so it needs a real browser).
 */
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';

let styled = false;
function addStyles(css: string) {
  if (styled) return;
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
  styled = true;
}

export interface SalesChartProps {
  /** The points' labels (days or hours) and their figures. */
  labels: string[];
  values: number[];
  /** The series' name and the chart's short description. */
  seriesName: string;
  label: string;
  /** The id of the table with the same figures. */
  describedBy: string;
}

export function SalesChart({ labels, values, seriesName, label, describedBy }: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof window.matchMedia !== 'function') return undefined;
    let chart: uPlot | null = null;
    let live = true;
    void Promise.all([import(/* webpackChunkName: "uplot" */ 'uplot'), import(/* webpackChunkName: "uplot" */ 'uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }, css]) => {
      if (!live) return;
      addStyles(css.default);
      const width = Math.max(300, Math.min(el.clientWidth || 900, 1100));
      chart = new UPlot(
        {
          width,
          height: 220,
          legend: { show: false },
          scales: { x: { time: false } },
          axes: [{ values: (_u, ticks) => ticks.map((t) => labels[Math.round(t)] ?? '') }, {}],
          series: [{}, { label: seriesName, stroke: '#b7791f', fill: 'rgba(247, 194, 35, 0.25)', width: 2, points: { show: labels.length <= 31 } }],
        },
        [labels.map((_, i) => i), values],
        el,
      );
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [labels, values, seriesName]);
  return <div ref={box} className="sales-chart" role="img" aria-label={label} aria-describedby={describedBy} />;
}
