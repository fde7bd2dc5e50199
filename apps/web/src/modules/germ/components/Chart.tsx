import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

// echarts is the largest library of the app: it loads with the first chart that scrolls into view, so a
// screen (the dashboard) is drawn and usable before its charts arrive.
const EChart = lazy(() => import('./EChart'));

export interface ChartProps {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  onClick?(params: { data?: unknown }): void;
}

/** A chart whose box is reserved at once and whose drawing code loads when the box is first visible. */
export function Chart(props: ChartProps) {
  const { height = 280, testId } = props;
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  if (!seen) return <div ref={box} style={{ width: '100%', height }} data-testid={testId} data-chart="pending" />;
  return (
    <Suspense fallback={<div style={{ width: '100%', height }} data-testid={testId} data-chart="loading" />}>
      <EChart {...props} height={height} />
    </Suspense>
  );
}
