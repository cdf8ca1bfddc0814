// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { ErrorBoundary } from './partner';

/** The partner page's error boundary: a failed load shows 页面1渲染报错, an unknown mark the 404 page. */
describe('partner route error boundary', () => {
  afterEach(cleanup);

  function renderWith(loader: () => never) {
    const Stub = createRoutesStub([
      {
        path: '/partner/:mark',
        Component: () => null,
        // The generated route types do not fit the stub's; the boundary only reads `error`.
        ErrorBoundary: ErrorBoundary as unknown as React.ComponentType,
        loader,
      },
    ]);
    render(<Stub initialEntries={['/partner/demo1']} />);
  }

  it('shows 页面1渲染报错 when the data fails to load', async () => {
    renderWith(() => {
      throw new Error('partner_new failed: 10500');
    });
    expect(await screen.findByRole('heading', { name: '页面1渲染报错' })).toBeTruthy();
  });

  it('shows the 404 page for an unknown mark', async () => {
    renderWith(() => {
      throw data(null, { status: 404 });
    });
    expect(await screen.findByText('抱歉，您访问的页面不存在（404）')).toBeTruthy();
  });
});
