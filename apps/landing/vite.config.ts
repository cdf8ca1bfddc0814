import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { devServer } from '@portal/config/dev';

/**
 * Hashed assets live under /assets/landing/ so the gateway serves all three apps' assets from
 * one /assets/ prefix without collisions (DESIGN.md section 2).
 */
export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsDir: 'assets/landing' },
  server: devServer(8083),
});
