import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every page is rendered on the server so crawlers that run no JavaScript read it (DESIGN.md section 2).
  ssr: true,
} satisfies Config;
