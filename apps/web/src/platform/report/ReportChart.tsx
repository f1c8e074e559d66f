/**
 * The report's chart on ECharts (canvas renderer; only the line, bar and pie charts and the
 * components they use, so the chunk stays small). This module is loaded lazily by ReportView,
 * so ECharts is its own chunk: no other page downloads it, and a report without a chart never
 * does. Runs under the server's Content-Security-Policy: a canvas needs no source, and ECharts
 * sets styles through the DOM (no inline <style> or script).
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ReportChartOption } from './chartOption';

use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

interface Props {
  option: ReportChartOption;
  title: string;
  height?: number;
}

export default function ReportChart({ option, title, height = 320 }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = init(el.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    observer?.observe(el.current);
    return () => {
      observer?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option as never, true);
  }, [option]);
  return <div ref={el} role="img" aria-label={`${title}图表`} style={{ width: '100%', height }} />;
}
