import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { spaProject } from './vitest.config.ts';

// Stryker mutates src/machines and src/api, which only the spa project's tests reach; the server
// project would only slow every mutant down.
export default defineConfig({
  plugins: [react()],
  test: { projects: [spaProject] },
});
