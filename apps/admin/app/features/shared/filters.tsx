import { Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useSearchFilters } from '../../lib/search-filters';

/**
 * The list pages' filters, each kept in the URL (bookmarkable, shareable, and what the list's
 * loader reads): one component per kind of filter, so every page filters the same way. Changing a
 * filter goes back to the first page.
 */

/** The bar above a list that holds its filters. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Card className="page-card">
      <Form layout="inline" style={{ rowGap: 12 }}>
        {children}
      </Form>
    </Card>
  );
}

/** The URL's day format. */
const DAY = 'YYYY-MM-DD';

/**
 * A range of days in the URL: `from` (or the name given) holds the first day, `to` the day after the
 * last, as the API reads a half-open range; the picker shows the days as chosen.
 */
export function DateRangeFilter({ label = '日期', from = 'from' }: { label?: string; from?: string }) {
  const { params, apply } = useSearchFilters();
  const first = params.get(from);
  const after = params.get('to');
  return (
    <Form.Item label={label}>
      <DatePicker.RangePicker
        value={first && after ? [dayjs(first), dayjs(after).subtract(1, 'day')] : null}
        onChange={(days) =>
          apply({
            [from]: days?.[0]?.format(DAY),
            to: days?.[1]?.add(1, 'day').format(DAY),
            page: undefined,
          })
        }
      />
    </Form.Item>
  );
}

/** One of a few values (empty: all). */
export function SelectFilter({
  name,
  label,
  options,
  width = 120,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  width?: number;
}) {
  const { params, apply } = useSearchFilters();
  return (
    <Form.Item label={label}>
      <Select
        style={{ width }}
        allowClear
        placeholder="全部"
        value={params.get(name) || undefined}
        options={options}
        onChange={(v?: string) => apply({ [name]: v, page: undefined })}
        aria-label={label}
      />
    </Form.Item>
  );
}

/** Free text, applied on Enter or the search button (trimmed; empty: no filter). */
export function SearchFilter({
  name,
  label,
  placeholder,
}: {
  name: string;
  label?: string;
  placeholder?: string;
}) {
  const { params, apply } = useSearchFilters();
  return (
    <Form.Item label={label}>
      <Input.Search
        allowClear
        placeholder={placeholder}
        defaultValue={params.get(name) ?? ''}
        onSearch={(v) => apply({ [name]: v.trim() || undefined, page: undefined })}
        style={{ width: 220 }}
        aria-label={label ?? placeholder}
      />
    </Form.Item>
  );
}
