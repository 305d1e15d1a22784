import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { NewsletterDetails, NewsletterSummary } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { NewsletterContainer } from '../../src/app/NewsletterContainer.tsx';
import { newsletterFormMachine } from '../../src/machines/newsletterForm.machine.ts';
import { newsletterListMachine } from '../../src/machines/newsletterList.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { fakePromiseActor } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.newsletterForm;
const scheduled: NewsletterSummary = {
  id: 12,
  subject: 'Jesenska ponuda',
  templateName: 'jesen-1',
  campaignId: 1,
  campaignName: 'Courses',
  scheduledAt: `${new Date().getFullYear() + 1}-04-01T07:00:00.000Z`,
  createdAt: '2026-11-23T10:00:00.000Z',
  status: 'scheduled',
  counts: { pending: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0, uncertain: 0 },
  undeliverable: [],
};

const campaignIdByName = fakePromiseActor<number, string>();
const getNewsletter = fakePromiseActor<NewsletterDetails, number>();
const user = userEvent.setup();

/** The container that ships (AdminContainer shows it at /admin/newsletter), with fake calls. */
function renderNewsletter() {
  campaignIdByName.reset();
  getNewsletter.reset();
  return renderWithEffects(<NewsletterContainer />, {
    path: '/admin/newsletter',
    api: {
      campaigns: { campaignIdByName: campaignIdByName.fn },
      newsletters: {
        listNewsletters: () => Promise.resolve([scheduled]),
        getNewsletter: getNewsletter.fn,
      },
    },
  });
}

it('shows the form and list machines to the Stately inspector (README "Inspecting the machines")', async () => {
  const inspector = fakeInspector();
  campaignIdByName.reset();
  renderWithEffects(inspector.wrap(<NewsletterContainer />), {
    path: '/admin/newsletter',
    api: {
      campaigns: { campaignIdByName: campaignIdByName.fn },
      newsletters: { listNewsletters: () => new Promise<NewsletterSummary[]>(() => undefined) },
    },
  });
  await act(async () => undefined);
  expect(inspector.machineIds()).toEqual(
    expect.arrayContaining([newsletterListMachine.id, newsletterFormMachine.id]),
  );
});

it('campaigns that cannot be looked up: the form says so, and the generic error toast of SPEC 8', async () => {
  const app = renderNewsletter();
  expect(campaignIdByName.calls).toEqual(['Catalogs', 'Courses']);
  await campaignIdByName.reject(new TypeError('Failed to fetch'));
  expect(await screen.findByText(text.loadFailed)).toBeVisible();
  expect(app.notices).toEqual([
    { tone: 'error', text: 'Dogodila se pogreška: {"message":"Failed to fetch"}' },
  ]);
});

it('a newsletter that cannot be loaded for editing: an error toast, which the next submit closes', async () => {
  const app = renderNewsletter();
  await campaignIdByName.resolve(2);
  await campaignIdByName.resolve(1);
  await user.click(await screen.findByRole('button', { name: `Uredi: ${scheduled.subject}` }));
  expect(getNewsletter.calls).toEqual([scheduled.id]);
  await getNewsletter.reject(new ApiError(404, { errors: ['Newsletter not found.'] }));
  expect(app.notices).toEqual([
    { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Newsletter not found."]}' },
  ]);
  // Still the form of a new newsletter, whose empty product a submit refuses.
  await user.click(screen.getByRole('button', { name: text.submit }));
  expect(app.notices).toEqual([]);
});
