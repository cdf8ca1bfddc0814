import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Campaign pages are rendered on the server: crawlers and slow phones read them without JavaScript.
  ssr: true,
} satisfies Config;
