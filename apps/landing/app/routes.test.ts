import { describe, expect, it } from 'vitest';
import { routeDrift } from '@portal/routes';
import routes from './routes';

// The route table (packages/routes) decides which app owns a path; this app's routes.ts must declare exactly those.
describe('landing routes.ts and the route table', () => {
  it('declare the same paths', () => {
    expect(routeDrift('landing', routes)).toEqual({ notInTable: [], notInApp: [] });
  });
});
