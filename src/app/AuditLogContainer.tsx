import { useMachine } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { AuditLogRequest } from '../api/auditLog.ts';
import {
  auditLogMachine,
  selectAuditLogStatus,
  type AuditLogEvent,
} from '../machines/auditLog.machine.ts';
import { AuditLogPage, type AuditLogPageProps } from '../views/AuditLogPage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { showError } from './toasts.tsx';

/** /admin/zapisnik: the audit log (administrators; issue 29). */
export function AuditLogContainer() {
  const { api, notify } = useEffects();
  const [snapshot, send] = useMachine(
    auditLogMachine.provide({
      actors: {
        loadAuditLog: fromPromise(async ({ input }: { input: AuditLogRequest }) => {
          const [page, people] = await Promise.all([
            api.auditLog.listAuditLog(input),
            api.auditLog.listAuditPeople(),
          ]);
          return { page, people };
        }),
      },
      actions: { reportError: (_, error) => showError(notify, error) },
    }),
    { inspect: useInspect() },
  );
  return <AuditLogPage {...auditLogPageProps(snapshot, send)} />;
}

/** The view's props from a snapshot: the one binding of machine to view. */
export function auditLogPageProps(
  snapshot: SnapshotFrom<typeof auditLogMachine>,
  send: (event: AuditLogEvent) => void,
): AuditLogPageProps {
  const { filter, page, people } = snapshot.context;
  return {
    status: selectAuditLogStatus(snapshot),
    filter,
    page,
    people,
    onFilter: (change) => send({ type: 'FILTER', change }),
    onPage: (pageNumber) => send({ type: 'PAGE', pageNumber }),
    onRetry: () => send({ type: 'RETRY' }),
  };
}
