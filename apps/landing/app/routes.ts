import { type RouteConfig, route } from '@react-router/dev/routes';

/** Landing routes (DESIGN.md section 2); no header or footer. Which app owns a path is decided by @portal/routes. */
export default [
  route('vendor', 'routes/vendor/vendor.tsx', { id: 'vendor' }),
  // Same page for the 2025 meet; the loader picks the meet from the path (features/vendor/meets.ts).
  route('vendor2025', 'routes/vendor/vendor.tsx', { id: 'vendor2025' }),
  route('partner/:mark', 'routes/partner/partner.tsx'),
  route('activity/register', 'routes/activity/register.tsx'),
  route('*', 'routes/errors/not-found.tsx'),
] satisfies RouteConfig;
