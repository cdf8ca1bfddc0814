import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { devServer } from '@portal/config/dev';

/**
 * Assets under /admin/assets/: the public apps' /assets/ prefix never serves the back office.
 * The dev server serves from / (React Router refuses a basename, /admin, that does not begin
 * with Vite's base, /admin/); the app still answers under /admin there, as behind the gateway.
 */
export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/admin/' : '/',
  plugins: [reactRouter()],
  server: devServer(8084),
}));
