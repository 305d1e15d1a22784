/**
 * The hard bounces of one newsletter (issue 28): each address a receiving server refused for good,
 * with its answer, so staff can correct or remove it; later newsletters already leave it out.
 * Nothing when there are none.
 */
import type { NewsletterSummary } from '../api/contract.ts';
import { newsletterListMessages } from '../messages/newsletterList.ts';

export interface NewsletterUndeliverableProps {
  recipients: NewsletterSummary['undeliverable'];
}

export function NewsletterUndeliverable({ recipients }: NewsletterUndeliverableProps) {
  if (recipients.length === 0) return null;
  return (
    <details className="newsletter-undeliverable">
      <summary>{newsletterListMessages.undeliverable(recipients.length)}</summary>
      <ul>
        {recipients.map((recipient) => (
          <li key={recipient.email}>
            {recipient.email}: {recipient.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
