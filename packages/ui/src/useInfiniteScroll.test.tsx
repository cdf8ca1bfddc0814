// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInfiniteScroll } from './useInfiniteScroll';

let bottom = 2000;

function List({ loadPage }: { loadPage: (page: number) => Promise<string[]> }) {
  const { items, loading, done, listRef } = useInfiniteScroll({ initial: ['a'], loadPage });
  return (
    <div>
      <ul
        ref={(el) => {
          listRef.current = el;
          if (el) el.getBoundingClientRect = () => ({ bottom }) as DOMRect;
        }}
      >
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
      {loading ? <p>加载中</p> : null}
      {done ? <p>到底了</p> : null}
    </div>
  );
}

const scroll = () => act(() => void window.dispatchEvent(new Event('scroll')));

/** Loading shows at once; page 2 is fetched exactly 1 s later and its item ('b') is added. */
async function expectPage2AfterOneSecond(loadPage: (page: number) => Promise<string[]>) {
  expect(screen.getByText('加载中')).toBeTruthy();
  await act(() => vi.advanceTimersByTimeAsync(999));
  expect(loadPage).not.toHaveBeenCalled();
  await act(() => vi.advanceTimersByTimeAsync(1));
  expect(loadPage).toHaveBeenCalledWith(2);
  expect(screen.getByText('b')).toBeTruthy();
}

beforeEach(() => {
  vi.useFakeTimers();
  bottom = 2000;
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useInfiniteScroll', () => {
  it('waits until the list bottom is within 2 px of the viewport bottom', async () => {
    const loadPage = vi.fn(async () => ['b']);
    render(<List loadPage={loadPage} />);
    bottom = 803;
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(loadPage).not.toHaveBeenCalled();
    bottom = 802;
    scroll();
    await expectPage2AfterOneSecond(loadPage);
  });

  it('never loads twice at once', async () => {
    const loadPage = vi.fn(async (page: number) => [`p${page}`]);
    render(<List loadPage={loadPage} />);
    bottom = 800;
    scroll();
    scroll();
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(loadPage).toHaveBeenCalledTimes(1);
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(loadPage.mock.calls.map((c) => c[0])).toEqual([2, 3]);
  });

  it('shows 到底了 on an empty page and stays locked', async () => {
    const loadPage = vi.fn(async () => [] as string[]);
    render(<List loadPage={loadPage} />);
    bottom = 800;
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('到底了')).toBeTruthy();
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('loads when the list bottom is already on screen when it is shown, with no scroll event', async () => {
    // The reader scrolled to the end of the server's page 1 before hydration (or the page is short).
    bottom = 800;
    const loadPage = vi.fn(async () => ['b']);
    render(<List loadPage={loadPage} />);
    await expectPage2AfterOneSecond(loadPage);
  });

  it('looks again after a page is added: one that still ends on screen loads the next', async () => {
    const loadPage = vi.fn(async (page: number) => [`p${page}`]);
    render(<List loadPage={loadPage} />);
    bottom = 800;
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('p2')).toBeTruthy();
    // Page 2 still ends on screen: page 3 follows without a scroll, and reaches below it.
    expect(screen.getByText('加载中')).toBeTruthy();
    bottom = 2000;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('p3')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(loadPage.mock.calls.map((c) => c[0])).toEqual([2, 3]);
  });

  it('a list taken off the screen during the 1 s wait fetches nothing', async () => {
    const loadPage = vi.fn(async () => ['b']);
    const { unmount } = render(<List loadPage={loadPage} />);
    bottom = 800;
    scroll();
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('unlocks after a failed fetch and retries the same page', async () => {
    const loadPage = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(['c']);
    render(<List loadPage={loadPage} />);
    bottom = 800;
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    scroll();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(loadPage.mock.calls.map((c) => c[0])).toEqual([2, 2]);
    expect(screen.getByText('c')).toBeTruthy();
  });
});
