import { describe, expect, it } from 'vitest';
import { entryMachines, firstVisitGroups, type ModuleGraph } from './first-visit-steps.ts';

/** A module graph of static imports, as the bundler's plugin context shows it. */
function graphOf(imports: Record<string, string[]>, entries: string[]): ModuleGraph {
  return {
    getModuleIds: () => Object.keys(imports),
    getModuleInfo: (id) =>
      id in imports ? { importedIds: imports[id] ?? [], isEntry: entries.includes(id) } : null,
  };
}

const ROOT = '/work/app';
const imports = {
  [`${ROOT}/index.html`]: [`${ROOT}/src/main.tsx`],
  [`${ROOT}/src/main.tsx`]: [`${ROOT}/src/app/App.tsx`],
  [`${ROOT}/src/app/App.tsx`]: [`${ROOT}/src/app/Header.tsx`],
  [`${ROOT}/src/app/Header.tsx`]: [`${ROOT}/src/machines/header.machine.ts`],
  [`${ROOT}/src/machines/header.machine.ts`]: [`${ROOT}/node_modules/xstate/dist/xstate.esm.js`],
  [`${ROOT}/node_modules/xstate/dist/xstate.esm.js`]: [],
  // Reached by a dynamic import only: not in the entry's static graph.
  [`${ROOT}/src/app/AdminContainer.tsx`]: [`${ROOT}/src/machines/newsletterAdmin.machine.ts`],
  [`${ROOT}/src/machines/newsletterAdmin.machine.ts`]: [],
};

describe('the first visit cut into steps (first-visit-steps)', () => {
  it('finds the machines the entry imports statically, however deep', () => {
    expect(entryMachines(graphOf(imports, [`${ROOT}/index.html`]))).toEqual(
      new Set([`${ROOT}/src/machines/header.machine.ts`]),
    );
  });

  it('finds none when no entry reaches a machine', () => {
    const withoutHeader = { ...imports, [`${ROOT}/src/app/App.tsx`]: [] };
    expect(entryMachines(graphOf(withoutHeader, [`${ROOT}/index.html`])).size).toBe(0);
  });

  it('gives the entry machines a group, and nothing else', () => {
    const [, machines] = firstVisitGroups((id) => id.endsWith('header.machine.ts'));
    expect(machines.name).toBe('machines');
    expect(machines.test(`${ROOT}/src/machines/header.machine.ts`)).toBe(true);
    expect(machines.test(`${ROOT}/src/app/Header.tsx`)).toBe(false);
  });

  it("gives React's renderer and the module that initialises it a group", () => {
    const [reactDom] = firstVisitGroups(() => false);
    expect(reactDom.name).toBe('react-dom');
    const captures = (id: string) => reactDom.test.test(id);
    for (const id of [
      `${ROOT}/node_modules/react-dom/cjs/react-dom-client.production.js`,
      `${ROOT}/node_modules/react/index.js`,
      `${ROOT}/node_modules/scheduler/index.js`,
      `${ROOT}/src/reactDomClient.ts`,
    ]) {
      expect(captures(id)).toBe(true);
    }
    for (const id of [
      `${ROOT}/node_modules/react-error-boundary/dist/index.js`,
      `${ROOT}/node_modules/xstate/dist/xstate.esm.js`,
      `${ROOT}/src/main.tsx`,
    ]) {
      expect(captures(id)).toBe(false);
    }
  });
});
