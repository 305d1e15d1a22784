import { useMachine } from '@xstate/react';
import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { CampaignKey } from '../api/contract.ts';
import {
  emailInputModalMachine,
  type SubmitEmailInput,
} from '../machines/emailInputModal.machine.ts';
import {
  newsletterSubscriptionMachine,
  selectDialogLoading,
  selectModal,
  selectOpeningProblem,
  subscriptionOutcome,
} from '../machines/newsletterSubscription.machine.ts';
import { NewsletterSubscription } from '../views/NewsletterSubscription.tsx';
import { useInspect } from './inspector.tsx';
import { loadAltcha } from './loadAltcha.ts';
import { useEffects } from './effects.tsx';
import { retryableLazy } from './retryableLazy.tsx';
import { useSiteConfig } from './siteConfig.ts';

const loadDialogModule = () => import('./NewsletterSubscriptionDialog.tsx');
const NewsletterSubscriptionDialog = retryableLazy(
  loadDialogModule,
  (module) => module.NewsletterSubscriptionDialog,
);

/**
 * The subscribe button of one newsletter campaign (SPEC 2: /katalozi has the catalogues one,
 * /tecajevi the courses one). The dialog and the robot check load when the button is pressed.
 */
export function NewsletterSubscriptionContainer({ campaign }: { campaign: CampaignKey }) {
  const { api } = useEffects();
  const config = useSiteConfig();
  const [path] = useLocation();
  const campaignName = config.campaigns[campaign];
  const [snapshot, send] = useMachine(
    newsletterSubscriptionMachine.provide({
      actors: {
        loadDialog: fromPromise(async () => {
          await Promise.all([
            loadDialogModule(),
            config.robotCheck.provider === 'altcha' ? loadAltcha() : undefined,
          ]);
          return undefined;
        }),
        emailInputModal: emailInputModalMachine.provide({
          actors: {
            submitEmail: fromPromise<string, SubmitEmailInput>(({ input }) =>
              subscriptionOutcome(campaign, {
                campaignId: () => api.campaigns.campaignIdByName(campaignName),
                // The page is kept as consent evidence (docs/decisions/0007).
                subscribe: (campaignId) =>
                  api.campaigns.subscribe({ ...input, campaignId, sourcePage: path }),
              }),
            ),
          },
        }),
      },
    }),
    { input: { campaign }, inspect: useInspect() },
  );
  const modal = selectModal(snapshot);
  return (
    <NewsletterSubscription
      loading={selectDialogLoading(snapshot)}
      problem={selectOpeningProblem(snapshot)}
      onOpen={() => send({ type: 'OPEN' })}
      dialog={
        modal && (
          <Suspense fallback={null}>
            <NewsletterSubscriptionDialog
              modal={modal}
              campaign={campaign}
              robotCheck={config.robotCheck}
            />
          </Suspense>
        )
      }
    />
  );
}
