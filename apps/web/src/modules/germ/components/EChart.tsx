import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart, TreeChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, LineChart, PieChart, TreeChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, SVGRenderer]);

/** The echarts chart itself (modular import: only the series this module draws), resized with its box; load it through `Chart`. */
export default function EChart({
  option,
  height = 280,
  testId,
  onClick,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  onClick?(params: { data?: unknown }): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current, undefined, { renderer: 'svg' });
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  useEffect(() => {
    const c = chart.current;
    if (!c || !onClick) return;
    c.on('click', onClick as never);
    return () => {
      c.off('click');
    };
  }, [onClick]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
