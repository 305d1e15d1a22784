import { createContext, useContext } from 'react';
import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * In development, `?inspect` in the address opens the Stately inspector for every machine
 * (README "Inspecting the machines"). Production builds never load it: the import is dead code.
 */
export async function loadInspector(): Promise<Inspect | undefined> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) {
    return undefined;
  }
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

export const InspectContext = createContext<Inspect | undefined>(undefined);

export function useInspect(): Inspect | undefined {
  return useContext(InspectContext);
}
