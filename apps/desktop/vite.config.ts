import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { devServer } from '@portal/config/dev';

/**
 * Hashed assets live under /assets/desktop/ so the gateway can serve all three apps'
 * assets from one /assets/ prefix without collisions (DESIGN.md section 2).
 */
export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsDir: 'assets/desktop' },
  server: devServer(8081),
});
