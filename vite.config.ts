import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
});
