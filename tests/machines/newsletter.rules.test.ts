/**
 * The newsletter flows at their edges (SPEC 4, 5, 8): each failure's text by status (429 and the
 * 4xx/5xx border included), the two calls of a subscription, the dialog loaded once, and each link
 * and answer of the unsubscribe page.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors.ts';
import { SubmitFailure } from '../../src/machines/emailInputModal.machine.ts';
import {
  newsletterSubscriptionMachine,
  NEWSLETTER_MODAL_INPUT,
  selectDialogLoading,
  selectModal,
  selectOpeningProblem,
  subscriptionFailureText,
  subscriptionOutcome,
} from '../../src/machines/newsletterSubscription.machine.ts';
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

const text = messages.newsletter;
const refusal = (status: number, message = 'x') => new ApiError(status, { errors: [message] });

describe('subscriptionFailureText', () => {
  it.each([
    [refusal(409, 'ana@primjer.hr is already subscribed to campaign 1.'), text.alreadySubscribed],
    [
      new ApiError(400, { errors: { recaptchaToken: ['Robot check failed.'] } }),
      text.robotCheckRequired,
    ],
    [new ApiError(400, { errors: { Email: ['Email is invalid.'] } }), text.checkEmail],
    [refusal(400), text.checkEmail],
    [refusal(499), text.checkEmail],
    [refusal(429), text.failed],
    [refusal(399), text.failed],
    [refusal(500), text.failed],
    [new ApiError(503, null), text.failed],
    [new TypeError('Failed to fetch'), text.failed],
  ])('%s', (error, expected) => {
    expect(subscriptionFailureText(error)).toBe(expected);
  });
});

describe('subscriptionOutcome', () => {
  it('looks the campaign up, subscribes to it and answers with the campaign text', async () => {
    const subscribed: number[] = [];
    await expect(
      subscriptionOutcome('catalogs', {
        campaignId: () => Promise.resolve(4),
        subscribe: (id) => {
          subscribed.push(id);
          return Promise.resolve();
        },
      }),
    ).resolves.toBe(text.subscribed.catalogs);
    expect(subscribed).toEqual([4]);
  });

  it('fails with the generic text when the lookup fails, without subscribing', async () => {
    const subscribed: number[] = [];
    const outcome = subscriptionOutcome('courses', {
      campaignId: () => Promise.reject(refusal(404)),
      subscribe: (id) => {
        subscribed.push(id);
        return Promise.resolve();
      },
    });
    await expect(outcome).rejects.toEqual(new SubmitFailure(text.failed));
    await expect(outcome).rejects.toBeInstanceOf(SubmitFailure);
    expect(subscribed).toEqual([]);
  });

  it('fails with the text of the refused subscription, about the e-mail field', async () => {
    await expect(
      subscriptionOutcome('courses', {
        campaignId: () => Promise.resolve(1),
        subscribe: () => Promise.reject(refusal(400)),
      }),
    ).rejects.toEqual(new SubmitFailure(text.checkEmail, true));
  });
});

describe('newsletter subscription machine', () => {
  function startNewsletter(loadDialog: () => Promise<undefined>) {
    let loads = 0;
    const actor = createActor(
      newsletterSubscriptionMachine.provide({
        actors: {
          loadDialog: fromPromise(() => {
            loads += 1;
            return loadDialog();
          }),
        },
      }),
      { input: { campaign: 'courses' } },
    ).start();
    return { actor, loads: () => loads };
  }

  it('loads the dialog once and opens a fresh single-use modal each time', async () => {
    const { actor, loads } = startNewsletter(() => Promise.resolve(undefined));
    expect(selectModal(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'OPEN' });
    expect(selectDialogLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('open'));
    const first = selectModal(actor.getSnapshot());
    expect(first?.getSnapshot().context).toMatchObject(NEWSLETTER_MODAL_INPUT);
    first?.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(selectModal(actor.getSnapshot())).not.toBe(first);
    expect(loads()).toBe(1);
  });

  it('says so when the dialog fails to load, and clears that on the next try', async () => {
    let answer: Promise<undefined> = Promise.reject(new Error('chunk failed'));
    const { actor, loads } = startNewsletter(() => answer);
    actor.send({ type: 'OPEN' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(selectOpeningProblem(actor.getSnapshot())).toBe(text.failed);
    answer = new Promise(() => undefined);
    actor.send({ type: 'OPEN' });
    expect(selectOpeningProblem(actor.getSnapshot())).toBeNull();
    expect(loads()).toBe(2);
  });
});

describe('unsubscribe', () => {
  const link: UnsubscribeInput = {
    campaign: 'tecajevi',
    email: ' ana@primjer.hr ',
    unsubscribeToken: 'token',
    supportEmail: 'info@dentalia.hr',
  };

  function startUnsubscribe(input: UnsubscribeInput, answer: () => Promise<undefined>) {
    const calls: UnsubscribeRequestInput[] = [];
    const log: (Notice | 'home')[] = [];
    const actor = createActor(
      unsubscribeMachine.provide({
        actors: {
          unsubscribe: fromPromise<undefined, UnsubscribeRequestInput>(({ input: call }) => {
            calls.push(call);
            return answer();
          }),
        },
        actions: {
          notify: (_, notice) => log.push(notice),
          goHome: () => log.push('home'),
        },
      }),
      { input },
    ).start();
    return { actor, calls, log };
  }

  it('reads the campaign from the route word', () => {
    expect(campaignOfPage('tecajevi')).toBe('courses');
    expect(campaignOfPage('katalozi')).toBe('catalogs');
    expect(campaignOfPage('courses')).toBeNull();
    expect(campaignOfPage('')).toBeNull();
  });

  it('unsubscribes the trimmed e-mail with the token and says so', async () => {
    const { actor, calls, log } = startUnsubscribe(link, () => Promise.resolve(undefined));
    expect(selectUnsubscribeStatus(actor.getSnapshot())).toBe('unsubscribing');
    expect(selectUnsubscribeCampaign(actor.getSnapshot())).toBe('courses');
    expect(calls).toEqual([
      { campaign: 'courses', email: 'ana@primjer.hr', unsubscribeToken: 'token' },
    ]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectUnsubscribeStatus(actor.getSnapshot())).toBe('unsubscribed');
    expect(log).toEqual([{ tone: 'success', text: messages.unsubscribe.done }]);
  });

  it('sends an empty token when the link has none', () => {
    const { calls } = startUnsubscribe({ ...link, unsubscribeToken: undefined }, () =>
      Promise.resolve(undefined),
    );
    expect(calls[0]?.unsubscribeToken).toBe('');
  });

  it.each([
    ['no e-mail', { email: undefined }],
    ['a blank e-mail', { email: '  ' }],
    ['an unknown campaign', { campaign: 'novosti' }],
  ])('goes home for a link with %s, calling nothing', (_, changes) => {
    const { actor, calls, log } = startUnsubscribe({ ...link, ...changes }, () =>
      Promise.resolve(undefined),
    );
    expect(selectUnsubscribeStatus(actor.getSnapshot())).toBe('leaving');
    expect(calls).toEqual([]);
    expect(log).toEqual(['home']);
  });

  it.each([
    [
      'goes home when the e-mail is refused',
      new ApiError(400, { errors: { Email: ['Email is invalid.'] } }),
      'leaving',
      ['home'],
    ],
    [
      'says once, as a success, that there was nothing left to unsubscribe',
      refusal(404, 'ana@primjer.hr is not subscribed to campaign 1.'),
      'alreadyUnsubscribed',
      [{ tone: 'success', text: messages.unsubscribe.alreadyUnsubscribed }],
    ],
    [
      'asks to write to the shop for any other failure',
      new ApiError(400, { errors: { Token: ['Invalid token.'] } }),
      'failed',
      [{ tone: 'error', text: messages.unsubscribe.contactUs('info@dentalia.hr') }],
    ],
    [
      'asks to write to the shop when no answer came',
      new TypeError('Failed to fetch'),
      'failed',
      [{ tone: 'error', text: messages.unsubscribe.contactUs('info@dentalia.hr') }],
    ],
  ])('%s', async (_, error, status, notices) => {
    const { actor, log } = startUnsubscribe(link, () => Promise.reject(error));
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectUnsubscribeStatus(actor.getSnapshot())).toBe(status);
    expect(log).toEqual(notices);
  });
});
