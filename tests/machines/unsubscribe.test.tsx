import { act, screen } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UnsubscribeRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { SiteRoutes } from '../../src/app/SiteRoutes.tsx';
import { UnsubscribeContainer } from '../../src/app/UnsubscribeContainer.tsx';
import {
  campaignOfPage,
  unsubscribeMachine,
  type UnsubscribeInput,
} from '../../src/machines/unsubscribe.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects, TEST_SITE_CONFIG } from '../support/render-with-effects.tsx';

const SUPPORT = 'podrska@dentalia.hr';
const TOKEN = 'b3zGWGg1ZYWA1HH8VcXhC2uHl_KB1-eMHdB1-10MDs4';
const CAMPAIGN_IDS: Record<string, number> = { Courses: 1, Catalogs: 2 };
const LINK: UnsubscribeInput = {
  campaign: 'katalozi',
  email: 'ana@primjer.hr',
  unsubscribeToken: TOKEN,
  supportEmail: SUPPORT,
};
/** The other reading of SPEC 2: the e-mail as a path segment. */
const LINK_WITH_EMAIL_IN_PATH: UnsubscribeInput = { ...LINK, campaign: 'tecajevi' };

const NOT_SUBSCRIBED = new ApiError(404, {
  errors: ['ana@primjer.hr is not subscribed to campaign Catalogs'],
});
const BAD_EMAIL = new ApiError(400, {
  errors: { Email: ['Email is not a valid e-mail address.'] },
});
const OUTAGE = new ApiError(500, { errors: ['Internal server error.'] });

const unsubscribe = fakePromiseActor<undefined, UnsubscribeRequest>();
const api = {
  campaigns: {
    campaignIdByName: (name: string) => Promise.resolve(CAMPAIGN_IDS[name] ?? 0),
    unsubscribe: unsubscribe.fn,
  },
};
let app: ReturnType<typeof renderWithEffects>;

/** The address a link of this input opens, e-mail in the query or (second reading) in the path. */
function pathOf({ campaign, email, unsubscribeToken }: UnsubscribeInput, emailInPath: boolean) {
  const query = new URLSearchParams();
  if (email !== undefined && !emailInPath) query.set('email', email);
  if (unsubscribeToken !== undefined) query.set('unsubscribeToken', unsubscribeToken);
  const emailSegment = emailInPath ? `/${encodeURIComponent(email ?? '')}` : '';
  return `/newsletter-odjava/${campaign}${emailSegment}?${query.toString()}`;
}

/** The container that ships, given the route parameters wouter would give it. */
async function renderPage(input: UnsubscribeInput) {
  unsubscribe.reset();
  const emailInPath = input === LINK_WITH_EMAIL_IN_PATH;
  app = renderWithEffects(
    <UnsubscribeContainer
      campaign={input.campaign}
      email={emailInPath ? encodeURIComponent(input.email ?? '') : undefined}
    />,
    { path: pathOf(input, emailInPath), api },
  );
  // The campaign id is looked up before the DELETE: let it arrive.
  await act(async () => undefined);
  return app;
}

/** The route table that ships, opened at the link's address. */
async function openLink(path: string) {
  unsubscribe.reset();
  app = renderWithEffects(
    <SiteRoutes brand={TEST_SITE_CONFIG.brand} robotCheck={TEST_SITE_CONFIG.robotCheck} />,
    { path, api },
  );
  await screen.findByRole('heading', { level: 1, name: 'Odjava s newslettera Dentalia' });
  await act(async () => undefined);
}

const title = () =>
  screen.getByRole('heading', { level: 1, name: 'Odjava s newslettera Dentalia' });

describe('unsubscribe model', () => {
  testMachineModel(unsubscribeMachine, {
    inputs: [
      LINK,
      LINK_WITH_EMAIL_IN_PATH,
      { ...LINK, campaign: 'promocije' },
      { ...LINK, email: '  ' },
    ],
    describeInput: (input) =>
      input === LINK_WITH_EMAIL_IN_PATH
        ? 'e-mail in the path'
        : `campaign "${input.campaign}", e-mail "${input.email}"`,
    render: renderPage,
    fakes: { unsubscribe },
    sampleEvents: [
      { type: 'xstate.error.actor.unsubscribe', error: BAD_EMAIL },
      { type: 'xstate.error.actor.unsubscribe', error: NOT_SUBSCRIBED },
      { type: 'xstate.error.actor.unsubscribe', error: OUTAGE },
    ],
    states: {
      unsubscribing: ({ context }) => {
        expect(title()).toBeVisible();
        expect(screen.getByText(messages.unsubscribe.inProgress)).toBeVisible();
        expect(unsubscribe.calls).toEqual([
          {
            email: 'ana@primjer.hr',
            campaignId:
              context.campaign && CAMPAIGN_IDS[TEST_SITE_CONFIG.campaigns[context.campaign]],
            unsubscribeToken: TOKEN,
          },
        ]);
        expect(app.notices).toEqual([]);
        expect(app.history).toHaveLength(1);
      },
      unsubscribed: () => {
        expect(screen.getByText(messages.unsubscribe.done)).toBeVisible();
        expect(screen.queryByText(messages.unsubscribe.inProgress)).not.toBeInTheDocument();
        expect(app.notices).toEqual([{ tone: 'success', text: messages.unsubscribe.done }]);
      },
      alreadyUnsubscribed: () => {
        // One thing said twice, never beside a failure.
        expect(screen.getByText(messages.unsubscribe.alreadyUnsubscribed)).toBeVisible();
        expect(screen.queryByText('Odjava nije uspjela.')).not.toBeInTheDocument();
        expect(app.notices).toEqual([
          { tone: 'success', text: messages.unsubscribe.alreadyUnsubscribed },
        ]);
        expect(screen.getByRole('link', { name: messages.unsubscribe.home })).toBeVisible();
      },
      failed: () => {
        expect(screen.getByText('Odjava nije uspjela.')).toBeVisible();
        expect(screen.getByRole('link', { name: messages.unsubscribe.home })).toHaveAttribute(
          'href',
          '/',
        );
        expect(app.notices).toHaveLength(1);
        expect(app.notices[0]?.tone).not.toBe('success');
        expect(app.history).toHaveLength(1);
      },
      leaving: () => {
        expect(app.history).toEqual(['/']);
        expect(app.notices).toEqual([]);
        expect(screen.queryByText('Odjava nije uspjela.')).not.toBeInTheDocument();
      },
    },
    events: {},
  });
});

describe('unsubscribe journeys pinned by hand', () => {
  it('e-mail in the query: unsubscribes that address from the campaign of the route', async () => {
    await openLink(
      `/newsletter-odjava/katalozi?email=${encodeURIComponent(' ana+novosti@primjer.hr ')}&unsubscribeToken=${TOKEN}`,
    );
    expect(screen.getByText('Newsletter s novostima iz kataloga')).toBeVisible();
    expect(unsubscribe.calls).toEqual([
      { email: 'ana+novosti@primjer.hr', campaignId: 2, unsubscribeToken: TOKEN },
    ]);
    await unsubscribe.resolve(undefined);
    expect(app.notices).toEqual([
      { tone: 'success', text: 'Uspješno ste se odjavili s newslettera.' },
    ]);
    expect(screen.getByText('Uspješno ste se odjavili s newslettera.')).toBeVisible();
  });

  it('e-mail in the path (the other reading of SPEC 2): the same, the address decoded', async () => {
    await openLink(
      `/newsletter-odjava/tecajevi/${encodeURIComponent('ana+novosti@primjer.hr')}?unsubscribeToken=${TOKEN}`,
    );
    expect(screen.getByText('Newsletter o tečajevima')).toBeVisible();
    expect(unsubscribe.calls).toEqual([
      { email: 'ana+novosti@primjer.hr', campaignId: 1, unsubscribeToken: TOKEN },
    ]);
    await unsubscribe.resolve(undefined);
    expect(screen.getByText('Uspješno ste se odjavili s newslettera.')).toBeVisible();
  });

  it('a broken escape in the path e-mail is sent as written', async () => {
    unsubscribe.reset();
    app = renderWithEffects(
      <UnsubscribeContainer campaign="tecajevi" email="ana%E0@primjer.hr" />,
      {
        path: `/newsletter-odjava/tecajevi/ana%E0@primjer.hr?unsubscribeToken=${TOKEN}`,
        api,
      },
    );
    await act(async () => undefined);
    expect(unsubscribe.calls[0]?.email).toBe('ana%E0@primjer.hr');
  });

  it('unsubscribed before: the toast of SPEC 8 and the page say the same, no failure', async () => {
    await renderPage(LINK);
    await unsubscribe.reject(NOT_SUBSCRIBED);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Već ste se odjavili s newslettera.' }]);
    expect(screen.getByText('Već ste se odjavili s newslettera.')).toBeVisible();
    expect(screen.getByText('Više vam ga nećemo slati.')).toBeVisible();
    expect(screen.queryByText('Odjava nije uspjela.')).not.toBeInTheDocument();
    expect(app.history).toHaveLength(1);
  });

  it('any other failure asks the visitor to write to the shop', async () => {
    for (const error of [OUTAGE, new TypeError('Failed to fetch')]) {
      document.body.innerHTML = '';
      await renderPage(LINK);
      await unsubscribe.reject(error);
      expect(app.notices).toEqual([
        {
          tone: 'error',
          text: `Odjava trenutno nije moguća. Molimo vas, javite nam se izravno na ${SUPPORT} i odjavit ćemo vas.`,
        },
      ]);
      expect(screen.getByText('Odjava nije uspjela.')).toBeVisible();
    }
  });

  it('an answer naming the e-mail as invalid sends the visitor home, without a toast', async () => {
    await renderPage(LINK);
    await unsubscribe.reject(BAD_EMAIL);
    expect(app.history).toEqual(['/']);
    expect(app.notices).toEqual([]);
  });

  it('no e-mail, a blank one or an unknown campaign: home at once, nothing called', async () => {
    const links = [
      { ...LINK, email: undefined },
      { ...LINK, email: ' ' },
      { ...LINK, campaign: 'promocije' },
      { ...LINK, campaign: '' },
    ];
    for (const link of links) {
      document.body.innerHTML = '';
      await renderPage(link);
      expect(app.history).toEqual(['/']);
      expect(unsubscribe.calls).toEqual([]);
    }
  });

  it('a missing token is still tried: the server answers like for an unsubscribed address', async () => {
    await renderPage({ ...LINK, unsubscribeToken: undefined });
    expect(unsubscribe.calls[0]?.unsubscribeToken).toBe('');
  });
});

describe('campaignOfPage', () => {
  it('knows the two route words and nothing else', () => {
    expect(campaignOfPage('tecajevi')).toBe('courses');
    expect(campaignOfPage('katalozi')).toBe('catalogs');
    expect(campaignOfPage('Katalozi')).toBeNull();
    expect(campaignOfPage('courses')).toBeNull();
  });
});

/** SPEC 2 "Unsubscribe" as a model: the link opened and what the server answered. */
interface UnsubscribeModel {
  link: UnsubscribeInput;
  /** A usable link: a campaign of the site and an e-mail. */
  usable: boolean;
  answered: 'no' | 'done' | 'notSubscribed' | 'badEmail' | 'outage';
}

describe('unsubscribe random paths', () => {
  const links = fc.record({
    campaign: fc.constantFrom('katalozi', 'tecajevi', 'promocije', ''),
    email: fc.constantFrom('ana@primjer.hr', ' ana@primjer.hr ', '', '   ', undefined),
    unsubscribeToken: fc.constantFrom(TOKEN, undefined),
    supportEmail: fc.constant(SUPPORT),
  });
  let opened: UnsubscribeModel | null = null;

  testRandomPaths<UnsubscribeModel>('unsubscribe', {
    startLabel: 'Otvori poveznicu za odjavu s newslettera',
    numRuns: 25,
    // The link is the first step: each run opens one.
    start: () => {
      opened = null;
      return { link: LINK, usable: false, answered: 'no' };
    },
    steps: [
      links.map((link) =>
        step<UnsubscribeModel>(
          `otvori ${pathOf(link as UnsubscribeInput, false)}`,
          async (model) => {
            await renderPage(link as UnsubscribeInput);
            const campaign = ['katalozi', 'tecajevi'].includes(link.campaign);
            Object.assign(model, {
              link,
              usable: campaign && (link.email ?? '').trim() !== '',
            });
            opened = model;
          },
          () => opened === null,
        ),
      ),
      fc.constantFrom('done', 'notSubscribed', 'badEmail', 'outage').map((answer) =>
        step<UnsubscribeModel>(
          `poslužitelj odgovara: ${answer}`,
          async (model) => {
            if (answer === 'done') await unsubscribe.resolve(undefined);
            else {
              const errors = { notSubscribed: NOT_SUBSCRIBED, badEmail: BAD_EMAIL, outage: OUTAGE };
              await unsubscribe.reject(errors[answer]);
            }
            model.answered = answer;
          },
          (model) => opened !== null && model.usable && model.answered === 'no',
        ),
      ),
    ],
    invariants: (model) => {
      if (opened === null) return;
      // SPEC 2: a link without a campaign of the site or without an e-mail sends nothing and
      // goes home; a usable one sends the trimmed e-mail once.
      if (!model.usable) {
        expect(unsubscribe.calls).toEqual([]);
        expect(app.history).toEqual(['/']);
        return;
      }
      expect(unsubscribe.calls).toHaveLength(1);
      expect(unsubscribe.calls[0]?.email).toBe(model.link.email?.trim());
      const tones = app.notices.map(({ tone }) => tone);
      if (model.answered === 'no' || model.answered === 'badEmail') expect(tones).toEqual([]);
      else if (model.answered === 'outage') expect(tones).toEqual(['error']);
      // A first and a second visit both end unsubscribed, and say so.
      else expect(tones).toEqual(['success']);
      const failure = screen.queryByText('Odjava nije uspjela.');
      if (model.answered === 'outage') expect(failure).toBeVisible();
      else expect(failure).not.toBeInTheDocument();
      if (model.answered === 'badEmail') expect(app.location()).toBe('/');
    },
  });
});
