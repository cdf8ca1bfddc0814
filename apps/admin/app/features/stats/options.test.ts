import { describe, expect, it } from 'vitest';
import { VIEW_SOURCE_LABEL, type LabelledViews } from '@portal/api-client/stats';
import { shareOption } from './options';

const views = (key: keyof typeof VIEW_SOURCE_LABEL, n: number): LabelledViews => ({
  key,
  label: VIEW_SOURCE_LABEL[key],
  views: n,
});

/** The pie's slices: name → colour. */
function colours(items: LabelledViews[]): Record<string, unknown> {
  const [series] = shareOption(items).series as { data: { name: string; itemStyle: { color: string } }[] }[];
  return Object.fromEntries(series!.data.map((d) => [d.name, d.itemStyle.color]));
}

describe('shareOption', () => {
  it('gives a source the same colour whichever other sources a chart shows', () => {
    const all = colours([views('baidu', 5), views('sogou', 1), views('wechat', 3), views('direct', 2)]);
    const some = colours([views('baidu', 0), views('wechat', 3), views('direct', 2)]);
    expect(some).toEqual({ 微信: all['微信'], 直接访问: all['直接访问'] });
    expect(new Set(Object.values(all)).size).toBe(4);
  });
});
