import { VIEW_DEVICES, VIEW_SOURCES, type DayViews, type LabelledViews } from '@portal/api-client/stats';
import type { ChartOption } from './Chart';

/** Chart options of the statistics pages (plain data: the ECharts chunk is loaded by <Chart> only). */

const PALETTE = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#a0d911',
  '#2f54eb',
  '#8c8c8c',
];

/**
 * Each source and device class has its own colour in every chart (百度 is the same blue on the
 * dashboard and on an article's card, whichever classes a chart leaves out for having no views).
 */
const CLASS_COLOR: Record<string, string> = Object.fromEntries(
  [VIEW_SOURCES, VIEW_DEVICES].flatMap((classes) => classes.map((key, i) => [key, PALETTE[i]!])),
);

/** Views per day as a line with its area. */
export function trendOption(days: DayViews[]): ChartOption {
  return {
    color: PALETTE,
    grid: { left: 48, right: 16, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: '阅读量',
        type: 'line',
        smooth: true,
        areaStyle: { opacity: 0.15 },
        data: days.map((d) => d.views),
      },
    ],
  };
}

/** Shares of a whole (sources, devices) as a ring; classes without views are left out. */
export function shareOption(items: LabelledViews[]): ChartOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: ['45%', '72%'],
        center: ['38%', '50%'],
        label: { show: false },
        data: items
          .filter((i) => i.views > 0)
          .map((i) => ({ name: i.label, value: i.views, itemStyle: { color: CLASS_COLOR[i.key] } })),
      },
    ],
  };
}

/** Views per label as horizontal bars, largest on top. */
export function barsOption(items: LabelledViews[]): ChartOption {
  const sorted = [...items].filter((i) => i.views > 0).sort((a, b) => a.views - b.views);
  return {
    color: PALETTE,
    grid: { left: 88, right: 24, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: sorted.map((i) => i.label) },
    series: [{ name: '阅读量', type: 'bar', barMaxWidth: 18, data: sorted.map((i) => i.views) }],
  };
}
