import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * What Ant Design asks of a browser that jsdom does not have: media queries (the grid's
 * breakpoints) and size observers (tables, tabs); neither decides anything the tests check.
 */
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom cannot style pseudo-elements (antd measures the scroll bar through one): style the element.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computed(element);

// The machine is shared and Ant Design is heavy to render: wait for the page as long as a test may run.
configure({ asyncUtilTimeout: 30_000 });

afterEach(cleanup);
