import { useMachine } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { company } from '../data/company.ts';
import {
  selectUnsubscribeCampaign,
  selectUnsubscribeStatus,
  unsubscribeMachine,
  type UnsubscribeRequestInput,
} from '../machines/unsubscribe.machine.ts';
import { UnsubscribePage } from '../views/UnsubscribePage.tsx';
import { routes } from '../routes.ts';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { useSiteConfig } from './siteConfig.ts';

export interface UnsubscribeContainerProps {
  /** The route's campaign word (`tecajevi`, `katalozi`). */
  campaign: string;
  /** The reading of SPEC 2 with the e-mail in the path; otherwise it is in the query. */
  email?: string;
}

/**
 * /newsletter-odjava/{campaign}?email=..&unsubscribeToken=.. and
 * /newsletter-odjava/{campaign}/{email}?unsubscribeToken=.. (SPEC 2: both readings). The
 * unsubscription runs once, on opening; behind the access gate it runs once the gate is accepted,
 * with the address the visitor came with.
 */
export function UnsubscribeContainer({ campaign, email }: UnsubscribeContainerProps) {
  const { api, notify } = useEffects();
  const config = useSiteConfig();
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const [snapshot] = useMachine(
    unsubscribeMachine.provide({
      actors: {
        unsubscribe: fromPromise<undefined, UnsubscribeRequestInput>(async ({ input }) => {
          const campaignId = await api.campaigns.campaignIdByName(config.campaigns[input.campaign]);
          await api.campaigns.unsubscribe({
            email: input.email,
            campaignId,
            unsubscribeToken: input.unsubscribeToken,
          });
          return undefined;
        }),
      },
      actions: {
        notify: (_, notice) => {
          notify[notice.tone](notice.text);
        },
        goHome: () => navigate(routes.home.href(), { replace: true }),
      },
    }),
    {
      input: {
        campaign,
        email: email !== undefined ? decodedPathSegment(email) : (query.get('email') ?? undefined),
        unsubscribeToken: query.get('unsubscribeToken') ?? undefined,
        supportEmail: company.supportEmail,
      },
      inspect: useInspect(),
    },
  );
  return (
    <UnsubscribePage
      brand={config.brand}
      campaign={selectUnsubscribeCampaign(snapshot)}
      status={selectUnsubscribeStatus(snapshot)}
    />
  );
}

/** wouter hands path parameters over as written (`ana%40primjer.hr`); a broken escape stays as is. */
function decodedPathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
