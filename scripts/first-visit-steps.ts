/**
 * A Vite plugin that cuts the first visit's JavaScript into chunks that are worth evaluating one
 * by one: the server's start script imports the entry's chunks in dependency order, each in a
 * task of its own (server/http/pages.ts, docs/decisions/0033). Left to itself the bundler puts
 * React's DOM renderer and the machines the entry creates at load into the entry's chunk, and
 * evaluating that chunk was the longest task of a first visit.
 *
 * - `react-dom`: React, its DOM renderer and scheduler, and src/reactDomClient.ts, whose import
 *   makes the renderer initialise when its chunk is evaluated (a CommonJS module initialises on
 *   first use otherwise, which would be the entry's).
 * - `machines`: the state machines the entry imports statically, found in the module graph once
 *   it is complete. Machines of lazy screens stay with their screens.
 */
import type { Plugin } from 'vite';

const MACHINE = /[\\/]src[\\/]machines[\\/][^\\/]+\.machine\.ts$/;
const REACT_DOM =
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]reactDomClient\.ts$/;

/** The part of the bundler's module graph that the plugin reads. */
export interface ModuleGraph {
  getModuleIds(): Iterable<string>;
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
}

/** The machine modules that the graph's entries import statically, directly or not. */
export function entryMachines(graph: ModuleGraph): Set<string> {
  const machines = new Set<string>();
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (MACHINE.test(id)) machines.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const id of graph.getModuleIds()) if (graph.getModuleInfo(id)?.isEntry) visit(id);
  return machines;
}

/** Rolldown's chunk groups of the first visit, given the machines the entry needs. */
export function firstVisitGroups(isEntryMachine: (id: string) => boolean) {
  return [
    { name: 'react-dom', test: REACT_DOM },
    { name: 'machines', test: isEntryMachine },
  ] as const;
}

export function firstVisitSteps(): Plugin {
  let machines = new Set<string>();
  return {
    name: 'first-visit-steps',
    // The server render's build (dist-ssr) runs in Node: one import, nothing to cut.
    apply: (_, { isSsrBuild }) => isSsrBuild !== true,
    config: () => ({
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [...firstVisitGroups((id) => machines.has(id))] } },
        },
      },
    }),
    buildEnd() {
      machines = entryMachines(this);
    },
  };
}
