import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstVisitSteps } from './scripts/first-visit-steps.ts';
import { precompress } from './scripts/precompress.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), firstVisitSteps(), precompress()],
  build: {
    manifest: true,
    target: 'es2022',
    // Portraits stay files: inlined, all thirteen would weigh on /info's HTML, and files load
    // lazily, as the page scrolls to them.
    assetsInlineLimit: (file) => (/[\\/]portraits[\\/]/.test(file) ? false : undefined),
  },
  // The server render's bundle carries its packages (react-dom, xstate, zod…) instead of
  // importing some 200 modules from node_modules at every start (issue 31), in their
  // production builds only.
  ssr: { noExternal: true },
  ...(isSsrBuild && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
