import { lazy, Suspense } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

// echarts loads with the first chart of the module, so the page is usable before its charts arrive.
const EChart = lazy(() => import('./EChart'));

/** A chart whose box is reserved at once; the drawing code loads lazily. */
export function Chart(props: { option: EChartsCoreOption; height?: number; testId?: string }) {
  const height = props.height ?? 280;
  return (
    <Suspense fallback={<div style={{ width: '100%', height }} data-testid={props.testId} data-chart="loading" />}>
      <EChart {...props} height={height} />
    </Suspense>
  );
}

/** A bar chart of a histogram (edges and counts). */
export function histogramOption(h: { edges: number[]; counts: number[] }, digits = 2, color = '#1677ff'): EChartsCoreOption {
  const labels = h.counts.map((_, i) => `${h.edges[i].toFixed(digits)}–${h.edges[i + 1].toFixed(digits)}`);
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 16, bottom: 56 },
    xAxis: { type: 'category', data: labels, axisLabel: { rotate: 40, fontSize: 10 } },
    yAxis: { type: 'value' },
    series: [{ type: 'bar', data: h.counts, itemStyle: { color }, barCategoryGap: '8%' }],
  };
}
