// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './Pagination';

afterEach(cleanup);

describe('pageItems', () => {
  it('shows first, last and two either side of the current page with gaps', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pageItems(2, 20)).toEqual([1, 2, 3, 4, null, 20]);
  });
});

describe('Pagination', () => {
  it('renders nothing when total is 0', () => {
    const { container } = render(<Pagination total={0} page={1} />);
    expect(container.innerHTML).toBe('');
  });

  it('disables prev on the first page and moves with next', () => {
    const onChange = vi.fn();
    render(<Pagination total={50} page={1} pageSize={10} onChange={onChange} />);
    expect(screen.getByText('上一页').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByText('下一页'));
    expect(onChange).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByText('5'));
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(screen.getByText('1').getAttribute('aria-current')).toBe('page');
  });

  it('uses the default page size of 8', () => {
    render(<Pagination total={17} page={3} onChange={() => {}} />);
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.queryByText('4')).toBeNull();
    expect(screen.getByText('下一页').getAttribute('aria-disabled')).toBe('true');
  });
});
