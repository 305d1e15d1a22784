import { useMachine } from '@xstate/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors.ts';
import {
  campaignOfPage,
  selectUnsubscribeCampaign,
  selectUnsubscribeStatus,
  unsubscribeMachine,
  type Notice,
  type UnsubscribeInput,
  type UnsubscribeRequestInput,
} from '../../src/machines/unsubscribe.machine.ts';
import { messages } from '../../src/messages.ts';
import { UnsubscribePage } from '../../src/views/UnsubscribePage.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

const BRAND = 'Dentalia';
const SUPPORT = 'podrska@dentalia.hr';
const TOKEN = 'b3zGWGg1ZYWA1HH8VcXhC2uHl_KB1-eMHdB1-10MDs4';
const LINK: UnsubscribeInput = {
  campaign: 'katalozi',
  email: 'ana@primjer.hr',
  unsubscribeToken: TOKEN,
  supportEmail: SUPPORT,
};

const NOT_SUBSCRIBED = new ApiError(404, {
  errors: ['ana@primjer.hr is not subscribed to campaign Catalogs'],
});
const BAD_EMAIL = new ApiError(400, {
  errors: { Email: ['Email is not a valid e-mail address.'] },
});
const OUTAGE = new ApiError(500, { errors: ['Internal server error.'] });

const unsubscribe = fakePromiseActor<undefined, UnsubscribeRequestInput>();
const notify = vi.fn<(notice: Notice) => void>();
const goHome = vi.fn();

/** What UnsubscribeContainer does, with the call, the toasts and the navigation faked. */
function Harness({ input }: { input: UnsubscribeInput }) {
  const [snapshot] = useMachine(
    unsubscribeMachine.provide({
      actors: { unsubscribe: unsubscribe.logic },
      actions: { notify: (_, notice) => notify(notice), goHome },
    }),
    { input },
  );
  return (
    <UnsubscribePage
      brand={BRAND}
      campaign={selectUnsubscribeCampaign(snapshot)}
      status={selectUnsubscribeStatus(snapshot)}
    />
  );
}

function renderPage(input: UnsubscribeInput) {
  unsubscribe.reset();
  notify.mockClear();
  goHome.mockClear();
  render(<Harness input={input} />);
}

const title = () =>
  screen.getByRole('heading', { level: 1, name: 'Odjava s newslettera Dentalia' });

describe('unsubscribe model', () => {
  testMachineModel(unsubscribeMachine, {
    inputs: [LINK, { ...LINK, campaign: 'promocije' }, { ...LINK, email: '  ' }],
    render: renderPage,
    fakes: { unsubscribe },
    sampleEvents: [
      { type: 'xstate.error.actor.unsubscribe', error: BAD_EMAIL },
      { type: 'xstate.error.actor.unsubscribe', error: NOT_SUBSCRIBED },
      { type: 'xstate.error.actor.unsubscribe', error: OUTAGE },
    ],
    states: {
      unsubscribing: () => {
        expect(title()).toBeVisible();
        expect(screen.getByText(messages.unsubscribe.inProgress)).toBeVisible();
        expect(notify).not.toHaveBeenCalled();
        expect(goHome).not.toHaveBeenCalled();
      },
      unsubscribed: () => {
        expect(screen.getByText(messages.unsubscribe.done)).toBeVisible();
        expect(screen.queryByText(messages.unsubscribe.inProgress)).not.toBeInTheDocument();
        expect(notify).toHaveBeenLastCalledWith({
          tone: 'success',
          text: messages.unsubscribe.done,
        });
      },
      failed: () => {
        expect(screen.getByText('Odjava nije uspjela.')).toBeVisible();
        expect(screen.getByRole('link', { name: messages.unsubscribe.home })).toHaveAttribute(
          'href',
          '/',
        );
        expect(notify).toHaveBeenCalledTimes(1);
        expect(notify.mock.lastCall?.[0].tone).not.toBe('success');
      },
      leaving: () => {
        expect(goHome).toHaveBeenCalledTimes(1);
        expect(notify).not.toHaveBeenCalled();
        expect(screen.queryByText('Odjava nije uspjela.')).not.toBeInTheDocument();
      },
    },
    events: {},
  });
});

describe('unsubscribe journeys pinned by hand', () => {
  it('unsubscribes the address of the link from the campaign of the route', async () => {
    renderPage({ ...LINK, email: ' ana@primjer.hr ' });
    expect(screen.getByText('Newsletter s novostima iz kataloga')).toBeVisible();
    expect(unsubscribe.calls).toEqual([
      { campaign: 'catalogs', email: 'ana@primjer.hr', unsubscribeToken: TOKEN },
    ]);
    await unsubscribe.resolve(undefined);
    expect(notify).toHaveBeenCalledWith({
      tone: 'success',
      text: 'Uspješno ste se odjavili s newslettera.',
    });
    expect(screen.getByText('Uspješno ste se odjavili s newslettera.')).toBeVisible();
  });

  it('tecajevi is the courses campaign', () => {
    renderPage({ ...LINK, campaign: 'tecajevi' });
    expect(unsubscribe.calls[0]?.campaign).toBe('courses');
    expect(screen.getByText('Newsletter o tečajevima')).toBeVisible();
  });

  it('unsubscribed before: the toast of SPEC 8, then "Odjava nije uspjela."', async () => {
    renderPage(LINK);
    await unsubscribe.reject(NOT_SUBSCRIBED);
    expect(notify).toHaveBeenCalledWith({
      tone: 'warning',
      text: 'Već ste se odjavili s newslettera.',
    });
    expect(screen.getByText('Odjava nije uspjela.')).toBeVisible();
    expect(goHome).not.toHaveBeenCalled();
  });

  it('any other failure asks the visitor to write to the shop', async () => {
    for (const error of [OUTAGE, new TypeError('Failed to fetch')]) {
      document.body.innerHTML = '';
      renderPage(LINK);
      await unsubscribe.reject(error);
      expect(notify).toHaveBeenCalledWith({
        tone: 'error',
        text: `Odjava trenutno nije moguća. Molimo vas, javite nam se izravno na ${SUPPORT} i odjavit ćemo vas.`,
      });
      expect(screen.getByText('Odjava nije uspjela.')).toBeVisible();
    }
  });

  it('an answer naming the e-mail as invalid sends the visitor home, without a toast', async () => {
    renderPage(LINK);
    await unsubscribe.reject(BAD_EMAIL);
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('no e-mail, a blank one or an unknown campaign: home at once, nothing called', () => {
    const links = [
      { ...LINK, email: undefined },
      { ...LINK, email: ' ' },
      { ...LINK, campaign: 'promocije' },
      { ...LINK, campaign: '' },
    ];
    for (const link of links) {
      document.body.innerHTML = '';
      renderPage(link);
      expect(goHome).toHaveBeenCalledTimes(1);
      expect(unsubscribe.calls).toEqual([]);
    }
  });

  it('a missing token is still tried: the server answers like for an unsubscribed address', () => {
    renderPage({ ...LINK, unsubscribeToken: undefined });
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
