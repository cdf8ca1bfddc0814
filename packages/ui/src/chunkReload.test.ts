// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadAfterChunkError } from './chunkReload';

const reload = vi.fn();
Object.defineProperty(window, 'location', { value: { reload }, configurable: true });
afterEach(() => {
  reload.mockClear();
  window.sessionStorage.clear();
});

describe('reloadAfterChunkError', () => {
  const chunkError = new TypeError(
    'Failed to fetch dynamically imported module: /assets/desktop/home-abc.js',
  );

  it('recognises chunk load failures only', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once per 60 s', () => {
    expect(reloadAfterChunkError(chunkError, 1_000_000)).toBe(true);
    expect(reloadAfterChunkError(chunkError, 1_030_000)).toBe(false);
    expect(reloadAfterChunkError(chunkError, 1_060_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('ignores other errors', () => {
    expect(reloadAfterChunkError(new Error('render failed'))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
