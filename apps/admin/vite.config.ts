import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/** Assets under /admin/assets/: the public apps' /assets/ prefix never serves the back office. */
export default defineConfig({
  base: '/admin/',
  plugins: [reactRouter()],
  server: {
    port: 8084,
    // `pnpm --filter admin dev`: the admin API of a running portal (npm start, or API_URL).
    proxy: { '/admin/api': process.env.API_URL ?? 'http://127.0.0.1:8080' },
  },
});
