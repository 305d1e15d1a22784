import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  ALL_PARTNERS,
  educationLibraryMachine,
  selectEducationCards,
  selectLibraryStage,
  selectPartnerFilter,
  selectPartnerOptions,
} from '../machines/educationLibrary.machine.ts';
import { parseEducationId, routes } from '../routes.ts';
import { EducationLibraryPage } from '../views/EducationLibraryPage.tsx';
import { useEffects } from './effects.tsx';
import { EducationViewerContainer } from './EducationViewerContainer.tsx';
import { useInspect } from './inspector.tsx';
import { useSession } from './session.tsx';

/**
 * /edukacije/ and its child /edukacije/{educationId}: the library stays while an education is
 * open above it. A new education id is a new viewer (keyed), the library keeps its state.
 */
export function EducationLibraryContainer({ educationId }: { educationId?: string }) {
  const { api } = useEffects();
  const { isLoggedIn } = useSession();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    educationLibraryMachine.provide({
      actors: { loadEducations: fromPromise(() => api.educations.listEducations()) },
      actions: { goToLogin: () => navigate(routes.login.href(), { replace: true }) },
    }),
    { input: { isLoggedIn }, inspect: useInspect() },
  );
  const openEducationId = educationId === undefined ? null : parseEducationId(educationId);
  return (
    <EducationLibraryPage
      stage={selectLibraryStage(snapshot)}
      cards={selectEducationCards(snapshot)}
      partnerOptions={selectPartnerOptions(snapshot)}
      partnerFilter={selectPartnerFilter(snapshot)}
      allPartnersValue={ALL_PARTNERS}
      openEducationId={openEducationId}
      onChoosePartner={(value) => send({ type: 'CHOOSE_PARTNER', value })}
      onRetry={() => send({ type: 'RETRY' })}
      viewer={
        educationId !== undefined && (
          <EducationViewerContainer key={educationId} educationId={educationId} />
        )
      }
      LinkComponent={Link}
    />
  );
}
