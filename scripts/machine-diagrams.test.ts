import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGRAMS_DIR, diagramFile, loadMachines } from './machine-diagrams.ts';

describe('machine diagrams (docs/machines/)', () => {
  it('has one current diagram per machine: run `npm run docs:machines` after changing a flow', async () => {
    const machines = await loadMachines();
    expect(readdirSync(DIAGRAMS_DIR).sort()).toEqual(
      [...machines.keys()].map((name) => `${name}.md`).sort(),
    );
    for (const [name, machine] of machines) {
      expect(readFileSync(path.join(DIAGRAMS_DIR, `${name}.md`), 'utf8'), name).toBe(
        diagramFile(name, machine),
      );
    }
    // Importing every machine (and what they import) is most of the time.
  }, 60_000);
});
