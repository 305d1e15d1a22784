/** The server process (`npm start`, `npm run dev`): serve.ts, and an exit when it cannot start. */
import { serve } from './serve.ts';

try {
  await serve();
} catch (error) {
  console.error('The server could not start:', error);
  process.exit(1);
}
