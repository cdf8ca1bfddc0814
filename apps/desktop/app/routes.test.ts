import { describe, expect, it } from 'vitest';
import { routeDrift } from '@portal/routes';
import routes from './routes';

// The route table (packages/routes) decides which app owns a path; this app's routes.ts must declare exactly those.
describe('desktop routes.ts and the route table', () => {
  it('declare the same paths', () => {
    expect(routeDrift('desktop', routes)).toEqual({ notInTable: [], notInApp: [] });
  });
});
