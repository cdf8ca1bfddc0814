import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListItem } from '@portal/api-client';
import { HOT_TOPICS } from '@portal/api-client/constants';
import { TopicGrid } from './TopicGrid';

afterEach(cleanup);

const topic = (id: number): ListItem =>
  ({ id, title: `专题${id}`, url: `/topic/${id}`, thumb: `/t${id}.jpg` }) as ListItem;

describe('TopicGrid (home 精选专题)', () => {
  it('shows every one of the six topics get_cxo returns', () => {
    const items = Array.from({ length: HOT_TOPICS.home }, (_, i) => topic(i + 1));
    const Stub = createRoutesStub([{ path: '/', Component: () => <TopicGrid items={items} /> }]);
    render(<Stub initialEntries={['/']} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText('专题6')).toBeTruthy();
  });
});
