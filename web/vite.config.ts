import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // The product rules shared with the services (pure, browser-safe source).
  resolve: {
    alias: {
      '@tripcost/shared/domain': fileURLToPath(new URL('../services/shared/src/domain/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: { outDir: 'dist', manifest: true, sourcemap: false },
});
