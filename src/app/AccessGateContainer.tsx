import { useMachine } from '@xstate/react';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../data/company.ts';
import {
  accessGateMachine,
  hasGateConsent,
  selectDeclarationRequired,
  selectDeclared,
  selectSiteUnlocked,
} from '../machines/accessGate.machine.ts';
import { AccessGate } from '../views/AccessGate.tsx';
import { useInspect } from './inspector.tsx';

const gateMachine = accessGateMachine.provide({
  actions: {
    persistConsent: (_, cookies) => {
      for (const cookie of cookies) Cookies.set(cookie.name, cookie.value, cookie.attributes);
    },
  },
});

interface AccessGateContainerProps {
  brand: string;
  /** Shown instead of the gate where the gate does not apply (the policy pages). */
  exempt: ReactNode | null;
  children: ReactNode;
}

/** SPEC 4: the site renders only after the gate is accepted; until then only the gate shows. */
export function AccessGateContainer({ brand, exempt, children }: AccessGateContainerProps) {
  const inspect = useInspect();
  const [snapshot, send] = useMachine(gateMachine, {
    input: { accepted: hasGateConsent((name) => Cookies.get(name)) },
    inspect,
  });
  if (selectSiteUnlocked(snapshot)) return children;
  if (exempt) return exempt;
  return (
    <AccessGate
      brand={brand}
      privacyEmail={company.privacyEmail}
      declared={selectDeclared(snapshot)}
      declarationRequired={selectDeclarationRequired(snapshot)}
      onToggleDeclaration={() => send({ type: 'TOGGLE_DECLARATION' })}
      onAccept={() => send({ type: 'ACCEPT' })}
      LinkComponent={Link}
    />
  );
}
