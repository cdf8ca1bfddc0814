// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readListSnapshot, useListRestore, useListSave } from './listMemory';

// jsdom has no layout: record where the list asks the window to go.
const scrollTo = vi.fn();
beforeEach(() => {
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  scrollTo.mockClear();
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const PAGE_ONE = ['a1', 'a2'];

function Pages({ initial, initialDone }: { initial: string[]; initialDone: boolean }) {
  const [items, setItems] = useState(initial);
  const [done, setDone] = useState(initialDone);
  useListSave('news', items, done);
  return (
    <>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setItems((prev) => [...prev, `b${prev.length + 1}`])}>
        more
      </button>
      <button type="button" onClick={() => setDone(true)}>
        end
      </button>
      {done ? <p>到底了</p> : null}
    </>
  );
}

function List() {
  const memory = useListRestore('news', PAGE_ONE);
  return <Pages key={memory.listKey} initial={memory.initial} initialDone={memory.initialDone} />;
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <List /> },
      { path: '/article', element: <p>article</p> },
    ],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('list memory', () => {
  it('restores the loaded pages and the end state when the reader comes back', async () => {
    const router = setup();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    act(() => screen.getByText('more').click());
    act(() => screen.getByText('more').click());
    act(() => screen.getByText('end').click());
    expect(screen.getAllByRole('listitem')).toHaveLength(4);

    await act(() => router.navigate('/article'));
    expect(screen.getByText('article')).toBeTruthy();
    expect(readListSnapshot<string>('news')?.items).toEqual(['a1', 'a2', 'b3', 'b4']);

    await act(() => router.navigate(-1));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a1', 'a2', 'b3', 'b4']);
    expect(screen.getByText('到底了')).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('starts from page 1 when the list is opened anew (not by going back)', async () => {
    const router = setup();
    act(() => screen.getByText('more').click());
    await act(() => router.navigate('/article'));
    await act(() => router.navigate('/list'));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(PAGE_ONE);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
