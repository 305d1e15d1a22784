/**
 * A stand-in for server/newsletters/mjml-worker.ts that holds its thread, as a slow render would,
 * until the test opens the gate: it writes `started` into the folder `MJML_GATE_DIR` names, then
 * waits for a file `open` there. On the event loop it would hold every request with it; it gives
 * up after a while, so that a render wrongly on the event loop fails its test instead of hanging.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CompiledMjml } from '../../../server/newsletters/mjml-worker.ts';

const GIVE_UP_MS = 10_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

export default function compileOnceOpened(mjml: string): CompiledMjml {
  const folder = process.env.MJML_GATE_DIR;
  if (folder === undefined) throw new Error('MJML_GATE_DIR is not set');
  writeFileSync(path.join(folder, 'started'), '');
  const deadline = Date.now() + GIVE_UP_MS;
  while (!existsSync(path.join(folder, 'open'))) {
    if (Date.now() > deadline) return { html: '', errors: ['the gate was never opened'] };
    Atomics.wait(pause, 0, 0, 5);
  }
  return { html: mjml, errors: [] };
}
