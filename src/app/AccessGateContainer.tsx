import { useMachine } from '@xstate/react';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { company } from '../data/company.ts';
import {
  accessGateMachine,
  hasGateConsent,
  selectDeclarationRequired,
  selectDeclared,
  selectSiteUnlocked,
} from '../machines/accessGate.machine.ts';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { LoadErrorBoundary } from './LoadErrorBoundary.tsx';
import { retryableLazy } from './retryableLazy.tsx';
import { isGateRefusal, withoutGateRefusal } from '../routes.ts';

// Only a visitor who has not accepted yet sees the gate: its code loads for them alone (the
// server's HTML of the gate names it, so it loads beside the app, server/http/pages.ts).
const AccessGate = retryableLazy(
  () => import('../views/AccessGate.tsx'),
  (module) => module.AccessGate,
);

interface AccessGateContainerProps {
  brand: string;
  /** Shown instead of the gate where the gate does not apply (the policy pages). */
  exempt: ReactNode | null;
  children: ReactNode;
}

/** SPEC 4: the site renders only after the gate is accepted; until then only the gate shows. */
export function AccessGateContainer({ brand, exempt, children }: AccessGateContainerProps) {
  const { cookies } = useEffects();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [snapshot, send] = useMachine(
    accessGateMachine.provide({
      actions: {
        persistConsent: (_, consent) => {
          for (const cookie of consent) cookies.set(cookie.name, cookie.value, cookie.attributes);
        },
        forgetServerRefusal: () => {
          const rest = withoutGateRefusal(search);
          navigate(rest ? `${path}?${rest}` : path, { replace: true });
        },
      },
    }),
    {
      input: {
        accepted: hasGateConsent((name) => cookies.get(name)),
        refusedByServer: isGateRefusal(search),
      },
      inspect: useInspect(),
    },
  );
  if (selectSiteUnlocked(snapshot)) return children;
  if (exempt) return exempt;
  return (
    <LoadErrorBoundary size="page">
      <Suspense fallback={null}>
        <AccessGate
          brand={brand}
          privacyEmail={company.privacyEmail}
          declared={selectDeclared(snapshot)}
          declarationRequired={selectDeclarationRequired(snapshot)}
          onToggleDeclaration={() => send({ type: 'TOGGLE_DECLARATION' })}
          onAccept={() => send({ type: 'ACCEPT' })}
          LinkComponent={Link}
        />
      </Suspense>
    </LoadErrorBoundary>
  );
}
