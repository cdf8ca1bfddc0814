import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, searchOf } from '../../test/render';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from './filters';

const bar = (
  <FilterBar>
    <SelectFilter
      name="status"
      label="状态"
      options={[
        { value: 'draft', label: '草稿' },
        { value: 'published', label: '已发布' },
      ]}
    />
    <DateRangeFilter />
    <SearchFilter name="q" placeholder="搜索标题" />
  </FilterBar>
);
const at = (url: string) => renderRoutes(url, [{ index: true, element: bar }]);

describe('DateRangeFilter', () => {
  it('shows the range the URL holds: `to` is the day after the last', async () => {
    at('/?from=2026-11-01&to=2026-11-08');
    expect(await screen.findByDisplayValue('2026-11-01')).toBeTruthy();
    expect(screen.getByDisplayValue('2026-11-07')).toBeTruthy();
  });

  it('writes the picked days to from/to and goes back to the first page', async () => {
    const router = at('/?from=2026-11-01&to=2026-11-08&page=3&q=云');
    fireEvent.click(await screen.findByDisplayValue('2026-11-01'));
    fireEvent.click(await screen.findByTitle('2026-11-10'));
    fireEvent.click(await screen.findByTitle('2026-11-12'));
    await waitFor(() => expect(searchOf(router)).toEqual({ from: '2026-11-10', to: '2026-11-13', q: '云' }));
  });
});

describe('SelectFilter and SearchFilter', () => {
  it('write their value to the URL and go back to the first page', async () => {
    const router = at('/?page=2');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已发布'));
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'published' }));

    const search = screen.getByRole('searchbox', { name: '搜索标题' });
    fireEvent.change(search, { target: { value: '  云计算 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(searchOf(router)).toEqual({ status: 'published', q: '云计算' }));
  });

  it('drop an emptied value from the URL', async () => {
    const router = at('/?q=云计算&page=4');
    const search = await screen.findByRole('searchbox', { name: '搜索标题' });
    expect((search as HTMLInputElement).value).toBe('云计算');
    fireEvent.change(search, { target: { value: '   ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(searchOf(router)).toEqual({}));
  });
});
