/**
 * The newsletter unsubscribe page (SPEC 2 "Newsletter unsubscribe"): its title names the brand's
 * newsletter; the page shows the unsubscription in progress, then success, 'already
 * unsubscribed' (a second visit) or 'Odjava nije uspjela.' The reasons come as toasts.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import type { CampaignKey } from '../api/contract.ts';
import type { UnsubscribeStatus } from '../machines/unsubscribe.machine.ts';
import { unsubscribeMessages } from '../messages/unsubscribe.ts';
import { routes } from '../routes.ts';
import './forms.css';
import './UnsubscribePage.css';

export interface UnsubscribePageProps {
  brand: string;
  campaign: CampaignKey | null;
  status: UnsubscribeStatus;
}

export function UnsubscribePage({ brand, campaign, status }: UnsubscribePageProps) {
  const titleId = useId();
  return (
    <section className="page status unsubscribe" aria-labelledby={titleId}>
      <h1 id={titleId}>{unsubscribeMessages.title(brand)}</h1>
      {campaign && (
        <p className="unsubscribe__campaign">{unsubscribeMessages.campaign[campaign]}</p>
      )}
      <div aria-live="polite">
        {status === 'unsubscribing' && (
          <p className="unsubscribe__progress">
            <span className="spinner__wheel" aria-hidden="true" />
            {unsubscribeMessages.inProgress}
          </p>
        )}
        {status === 'unsubscribed' && (
          <>
            <p className="unsubscribe__outcome">{unsubscribeMessages.done}</p>
            <p>{unsubscribeMessages.doneDetail}</p>
          </>
        )}
        {status === 'alreadyUnsubscribed' && (
          <>
            <p className="unsubscribe__outcome">{unsubscribeMessages.alreadyUnsubscribed}</p>
            <p>{unsubscribeMessages.doneDetail}</p>
          </>
        )}
        {status === 'failed' && (
          <p className="unsubscribe__outcome">{unsubscribeMessages.failed}</p>
        )}
      </div>
      {status !== 'unsubscribing' && status !== 'leaving' && (
        <Link className="button" href={routes.home.href()}>
          {unsubscribeMessages.home}
        </Link>
      )}
    </section>
  );
}
