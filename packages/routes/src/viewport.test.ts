import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  VIEWPORT_FIX_KEY,
  hasOtherWidth,
  viewportScript,
  type ViewportScriptOptions,
} from './viewport';

/** Runs the inline script against a tiny fake browser and reports what it did. */
function boot(
  opts: ViewportScriptOptions & {
    width: number;
    cookie?: string;
    switchable: boolean;
    cookiesBlocked?: boolean;
  },
) {
  const jar = new Map<string, string>();
  if (opts.cookie)
    for (const part of opts.cookie.split('; ')) jar.set(part.split('=')[0], part.split('=')[1]);
  const listeners = new Map<string, (e: { preventDefault(): void }) => void>();
  const storage = new Map<string, string>();
  const timers: (() => void)[] = [];
  const state = { reloads: 0, prevented: 0 };
  const style: { fontSize?: string } = {};
  const document = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(v: string) {
      if (opts.cookiesBlocked) return;
      const [pair] = v.split(';');
      jar.set(pair.split('=')[0], pair.split('=')[1]);
    },
    documentElement: { style, clientWidth: opts.width },
    querySelector: () => ({ getAttribute: () => (opts.switchable ? '1' : '0') }),
  };
  const window = {
    innerWidth: opts.width,
    location: { reload: () => state.reloads++ },
    addEventListener: (type: string, fn: (e: { preventDefault(): void }) => void) => listeners.set(type, fn),
  };
  const sessionStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
  };
  const run = new Function(
    'document',
    'window',
    'sessionStorage',
    'setTimeout',
    'clearTimeout',
    viewportScript(opts),
  );
  run(
    document,
    window,
    sessionStorage,
    (fn: () => void) => timers.push(fn),
    () => undefined,
  );
  return {
    state,
    jar,
    style,
    storage,
    resize(width: number) {
      window.innerWidth = width;
      listeners.get('resize')?.({ preventDefault() {} });
      timers.splice(0).forEach((fn) => fn());
    },
    chunkError() {
      listeners.get('vite:preloadError')?.({ preventDefault: () => state.prevented++ });
    },
  };
}

describe('viewport inline script', () => {
  it('stores the width in the vw cookie before anything else', () => {
    const b = boot({ app: 'desktop', rootFont: false, width: 1280, cookie: 'vw=1280', switchable: true });
    expect(b.jar.get('vw')).toBe('1280');
    expect(b.state.reloads).toBe(0);
  });

  it('scales the root font to width / 26.78 only when asked', () => {
    const mobile = boot({ app: 'mobile', rootFont: true, width: 390, cookie: 'vw=390', switchable: true });
    expect(parseFloat(mobile.style.fontSize ?? '')).toBeCloseTo(390 / 26.78, 5);
    const desktop = boot({
      app: 'desktop',
      rootFont: false,
      width: 1280,
      cookie: 'vw=1280',
      switchable: true,
    });
    expect(desktop.style.fontSize).toBeUndefined();
  });

  it('reloads when a resize crosses 960 on a path with an equivalent', () => {
    const b = boot({ app: 'desktop', rootFont: false, width: 1280, cookie: 'vw=1280', switchable: true });
    b.resize(1000);
    expect(b.state.reloads).toBe(0);
    b.resize(600);
    expect(b.jar.get('vw')).toBe('600');
    expect(b.state.reloads).toBe(1);
  });

  it('never reloads on a path the other app does not have', () => {
    const b = boot({ app: 'desktop', rootFont: false, width: 1280, cookie: 'vw=1280', switchable: false });
    b.resize(390);
    expect(b.state.reloads).toBe(0);
    expect(b.jar.get('vw')).toBe('390');
  });

  it('never reloads the landing app', () => {
    const b = boot({ app: 'landing', rootFont: false, width: 1280, cookie: 'vw=1280', switchable: true });
    b.resize(390);
    expect(b.state.reloads).toBe(0);
  });

  it('corrects a wrong User-Agent guess once on the first visit', () => {
    const first = boot({ app: 'mobile', rootFont: true, width: 1280, switchable: true });
    expect(first.state.reloads).toBe(1);
    expect(first.storage.get(VIEWPORT_FIX_KEY)).toBe('1');
  });

  it('does not reload a first visit whose guess was right', () => {
    const b = boot({ app: 'mobile', rootFont: true, width: 390, switchable: true });
    expect(b.state.reloads).toBe(0);
  });

  it('does not loop when cookies cannot be stored', () => {
    const b = boot({ app: 'mobile', rootFont: true, width: 1280, switchable: true, cookiesBlocked: true });
    expect(b.state.reloads).toBe(0);
    b.resize(390);
    b.resize(1280);
    expect(b.state.reloads).toBe(0);
  });

  it('reloads after a chunk load error at most once a minute', () => {
    const b = boot({ app: 'desktop', rootFont: false, width: 1280, cookie: 'vw=1280', switchable: true });
    b.chunkError();
    b.chunkError();
    expect(b.state.reloads).toBe(1);
    expect(b.state.prevented).toBe(1);
    expect(Number(b.storage.get(CHUNK_RELOAD_KEY))).toBeGreaterThan(0);
  });
});

describe('hasOtherWidth', () => {
  it.each([
    ['/', true],
    ['/video', true],
    ['/video_List', true],
    ['/news/12', true],
    ['/AI/news/12', true],
    ['/topic/3', true],
    ['/topic/x', false],
    ['/about', false],
    ['/login', false],
    ['/vendor', false],
    ['/partner/demo1', false],
    ['/nothing/here', false],
  ])('%s → %s', (path, expected) => {
    expect(hasOtherWidth(path)).toBe(expected);
  });
});
