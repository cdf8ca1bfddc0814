import type { Config } from '@react-router/dev/config';

/**
 * The back office is a client-rendered single-page app (no crawler reads it) served by the
 * gateway under /admin at every width (issue 13).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: false,
  basename: '/admin',
} satisfies Config;
