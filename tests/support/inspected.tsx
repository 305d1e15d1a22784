/**
 * The Stately inspector of development (README "Inspecting the machines": `?inspect` "shows every
 * running machine"), faked: a container rendered inside it must hand its machine to the inspector.
 *
 *   const inspector = fakeInspector();
 *   renderWithEffects(inspector.wrap(<LoginContainer robotCheck={ALTCHA} />));
 *   expect(inspector.machineIds()).toContain(loginMachine.id);
 */
import type { ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import { InspectContext } from '../../src/app/inspector.tsx';

export function fakeInspector() {
  const events: InspectionEvent[] = [];
  return {
    wrap: (ui: ReactNode) => (
      <InspectContext value={(event) => events.push(event)}>{ui}</InspectContext>
    ),
    /** The ids of the machines whose actors the inspector saw start. */
    machineIds: () =>
      events.flatMap((event) => {
        if (event.type !== '@xstate.actor') return [];
        const snapshot: unknown = event.actorRef.getSnapshot();
        const machine = (snapshot as { machine?: { id?: unknown } }).machine;
        return typeof machine?.id === 'string' ? [machine.id] : [];
      }),
  };
}
