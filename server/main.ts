/** The server process (`npm start`, `npm run dev`): serve.ts, and an exit when it cannot start. */
import { enableCompileCache } from 'node:module';

// Before the server's modules load: V8 keeps their compiled code (and Node their stripped
// TypeScript) on disk, which takes about a third off the CPU time of loading them on every later
// start (`npm run bench:startup`). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
enableCompileCache();
const { serve } = await import('./serve.ts');

try {
  await serve();
} catch (error) {
  console.error('The server could not start:', error);
  process.exit(1);
}
