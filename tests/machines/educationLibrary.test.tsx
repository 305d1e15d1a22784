import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Education } from '../../src/api/contract.ts';
import { educationThumbnailUrl } from '../../src/api/educations.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EducationLibraryContainer } from '../../src/app/EducationLibraryContainer.tsx';
import {
  ALL_PARTNERS,
  educationLibraryMachine,
  educationsOfPartner,
  partnerOptions,
  type EducationLibraryContext,
} from '../../src/machines/educationLibrary.machine.ts';
import { messages } from '../../src/messages.ts';
import { anEducation, educationViewer, stream } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const alpavera = { id: 1, name: 'Alpavera', logoUrl: '/media/partners/1.webp' };
const arkadent = { id: 2, name: 'Arkadent', logoUrl: '/media/partners/2.webp' };
const implants = anEducation({ id: 3, title: 'Implantologija danas', partner: arkadent });
const endo = anEducation({ id: 2, title: 'Endodoncija korak po korak', partner: alpavera });
const prosthetics = anEducation({ id: 1, title: 'Protetika na implantatima', partner: alpavera });
const everyPartner = [implants, endo, prosthetics];

const loadEducations = fakePromiseActor<Education[], undefined>();
/** The open education's viewer loads it too; these tests leave it loading. */
const getEducation = fakePromiseActor<Education, number>();
const user = userEvent.setup();
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships at /edukacije/ (or with an education open), logged in or not. */
function renderLibrary({ isLoggedIn = true, educationId }: LibraryOptions = {}) {
  loadEducations.reset();
  getEducation.reset();
  app = renderWithEffects(<EducationLibraryContainer educationId={educationId} />, {
    path: educationId ? `/edukacije/${educationId}` : '/edukacije/',
    api: {
      educations: {
        listEducations: () => loadEducations.fn(undefined),
        getEducation: getEducation.fn,
      },
    },
    session: isLoggedIn ? educationViewer : null,
  });
  return app;
}

interface LibraryOptions {
  isLoggedIn?: boolean;
  educationId?: string;
}

const retryButton = () => screen.queryByRole('button', { name: 'Pokušaj ponovno' });
const partnerSelect = () =>
  screen.queryByRole('combobox', { name: messages.educations.partnerFilter });
const cardTitles = () =>
  screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const optionLabels = () =>
  within(partnerSelect() ?? document.body)
    .queryAllByRole('option')
    .map((option) => option.textContent);

function expectNoMessages() {
  for (const text of [messages.educations.none, messages.educations.loadFailed]) {
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  }
}

function expectList(context: EducationLibraryContext) {
  expect(cardTitles()).toEqual(
    educationsOfPartner(context.educations, context.partnerFilter).map(({ title }) => title),
  );
  const partners = new Set(context.educations.map(({ partner }) => partner.id));
  if (partners.size > 1) {
    expect(partnerSelect()).toHaveValue(context.partnerFilter);
  } else {
    expect(partnerSelect()).not.toBeInTheDocument();
  }
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expectNoMessages();
}

describe('education library model', () => {
  testMachineModel(educationLibraryMachine, {
    inputs: [{ isLoggedIn: true }, { isLoggedIn: false }],
    describeInput: ({ isLoggedIn }) => (isLoggedIn ? 'logged in' : 'logged out'),
    render: ({ isLoggedIn }) => renderLibrary({ isLoggedIn }),
    fakes: { loadEducations },
    sampleEvents: [
      { type: 'xstate.done.actor.loadEducations', output: [] },
      { type: 'xstate.done.actor.loadEducations', output: everyPartner },
      { type: 'xstate.done.actor.loadEducations', output: [endo, prosthetics] },
      { type: 'xstate.error.actor.loadEducations', error: new ApiError(500, null) },
      { type: 'CHOOSE_PARTNER', value: String(alpavera.id) },
      { type: 'CHOOSE_PARTNER', value: ALL_PARTNERS },
    ],
    states: {
      denied: () => {
        // Replaced: Back must not lead to a page that redirects again.
        expect(app.history).toEqual(['/login']);
        expect(screen.queryByRole('heading', { name: messages.educations.title })).toBeNull();
        expect(loadEducations.calls).toEqual([]);
      },
      loading: () => {
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Video edukacije');
        expect(screen.getByRole('status')).toHaveTextContent(messages.educations.loading);
        expect(cardTitles()).toEqual([]);
        expect(partnerSelect()).not.toBeInTheDocument();
        expectNoMessages();
      },
      empty: () => {
        expect(screen.getByText(messages.educations.none)).toBeVisible();
        expect(cardTitles()).toEqual([]);
        expect(partnerSelect()).not.toBeInTheDocument();
      },
      failed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(messages.educations.loadFailed);
        expect(retryButton()).toBeVisible();
        expect(cardTitles()).toEqual([]);
      },
      list: ({ context }) => expectList(context),
    },
    events: {
      RETRY: () => user.click(retryButton() ?? document.body),
      CHOOSE_PARTNER: (event) => {
        const select = partnerSelect();
        // Without the filter there is nothing to choose, and the machine ignores the event.
        return select ? user.selectOptions(select, event.value) : undefined;
      },
    },
  });
});

describe('education library journeys pinned by hand', () => {
  it('offers all partners first, then each partner with its count, and filters the cards', async () => {
    renderLibrary();
    await loadEducations.resolve(everyPartner);
    expect(optionLabels()).toEqual(['Svi partneri', 'Arkadent (1)', 'Alpavera (2)']);
    expect(cardTitles()).toEqual([
      'Implantologija danas',
      'Endodoncija korak po korak',
      'Protetika na implantatima',
    ]);
    await user.selectOptions(partnerSelect() ?? document.body, 'Alpavera (2)');
    expect(cardTitles()).toEqual(['Endodoncija korak po korak', 'Protetika na implantatima']);
    await user.selectOptions(partnerSelect() ?? document.body, 'Svi partneri');
    expect(cardTitles()).toHaveLength(3);
  });

  it('shows no filter when one partner has every education', async () => {
    renderLibrary();
    await loadEducations.resolve([endo, prosthetics]);
    expect(cardTitles()).toHaveLength(2);
    expect(partnerSelect()).not.toBeInTheDocument();
  });

  it('shows the SPEC 2 text when there are no educations', async () => {
    renderLibrary();
    await loadEducations.resolve([]);
    expect(screen.getByText('Trenutno nema dostupnih edukacija. Navratite kasnije!')).toBeVisible();
  });

  it('sends a logged-out visitor to /login without asking the server', () => {
    renderLibrary({ isLoggedIn: false, educationId: '3' });
    expect(app.history).toEqual(['/login']);
    expect(loadEducations.calls).toEqual([]);
  });

  it('cards show thumbnail, title, description and a link that opens the education', async () => {
    renderLibrary();
    await loadEducations.resolve([endo]);
    const card = screen.getByRole('article', { name: 'Endodoncija korak po korak' });
    expect(within(card).getByText(endo.description)).toBeVisible();
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/educations/2.webp');
    const show = within(card).getByRole('link', {
      name: 'Prikaži edukaciju (Endodoncija korak po korak)',
    });
    expect(show).toHaveTextContent(/^Prikaži edukaciju/);
    expect(show).not.toHaveAttribute('aria-current');
    await user.click(show);
    expect(app.location()).toBe('/edukacije/2');
  });

  it('highlights the card of the open education', async () => {
    renderLibrary({ educationId: '2' });
    await loadEducations.resolve(everyPartner);
    const open = screen.getByRole('article', { name: endo.title });
    expect(open).toHaveClass('education-card--open');
    expect(within(open).getByRole('link')).toHaveAttribute('aria-current', 'page');
    expect(getEducation.calls).toEqual([2]);
    expect(screen.getByRole('article', { name: implants.title })).not.toHaveClass(
      'education-card--open',
    );
  });

  it('works from the keyboard: Tab to the filter, Tab and Enter open a card', async () => {
    renderLibrary();
    await loadEducations.resolve(everyPartner);
    await user.tab();
    expect(partnerSelect()).toHaveFocus();
    // The browser's own select takes the arrows (the browser test presses them).
    await user.selectOptions(partnerSelect() ?? document.body, 'Arkadent (1)');
    expect(cardTitles()).toEqual(['Implantologija danas']);
    await user.tab();
    expect(screen.getByRole('link', { name: /Implantologija danas/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(app.location()).toBe('/edukacije/3');
  });
});

describe('partner options and thumbnails', () => {
  it('counts each partner once, in the order the list first names them', () => {
    expect(partnerOptions(everyPartner)).toEqual([
      { value: '2', name: 'Arkadent', count: 1 },
      { value: '1', name: 'Alpavera', count: 2 },
    ]);
    expect(partnerOptions([])).toEqual([]);
  });

  it("uses the education's thumbnail, else the video site's default, else none", () => {
    expect(educationThumbnailUrl(endo)).toBe('/media/educations/2.webp');
    const site = anEducation({
      id: 9,
      title: 'S videa',
      thumbnailUrl: null,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(educationThumbnailUrl(site)).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    const uploaded = {
      ...endo,
      stream: stream('ready'),
      videoUrl: stream('ready').playlistUrl ?? '',
    };
    expect(educationThumbnailUrl({ ...uploaded, thumbnailUrl: null })).toBeNull();
  });
});

describe('the partner filter rule', () => {
  const chosen = async (educations: Education[], value: string) => {
    const actor = createActor(
      educationLibraryMachine.provide({
        actors: { loadEducations: fromPromise(() => Promise.resolve(educations)) },
      }),
      { input: { isLoggedIn: true } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('list'));
    actor.send({ type: 'CHOOSE_PARTNER', value });
    return actor.getSnapshot().context.partnerFilter;
  };

  it('takes a partner of the offered options or the sentinel, nothing else', async () => {
    expect(await chosen(everyPartner, '2')).toBe('2');
    expect(await chosen(everyPartner, ALL_PARTNERS)).toBe(ALL_PARTNERS);
    expect(await chosen(everyPartner, '5')).toBe(ALL_PARTNERS);
    // One partner: no filter is offered, so none can be chosen.
    expect(await chosen([endo, prosthetics], '1')).toBe(ALL_PARTNERS);
  });
});

/** What GET /educations may answer: newest first, three partners, one of them twice. */
const SERVER_EDUCATIONS = [
  implants,
  endo,
  anEducation({ id: 5, title: 'Estetika prednjih zubi', partner: { ...arkadent } }),
  prosthetics,
  anEducation({
    id: 4,
    title: 'Parodontologija',
    partner: { id: 3, name: 'Dentalna škola', logoUrl: '/media/partners/3.webp' },
  }),
];

/**
 * SPEC 2 "Education library" and 9 as a model: what the server answered (nothing yet, a list, or a
 * failure), which partner the visitor chose by its label, and where they went.
 */
interface LibraryModel {
  answer: Education[] | 'failed' | null;
  /** How many times the list was asked for: once, and once more per retry. */
  loads: number;
  /** A partner id, or null for 'Svi partneri'. */
  partner: number | null;
  path: string;
}

/** The partners that have educations, in the order the list first names them, with their counts. */
function partnersOf(educations: Education[]) {
  const partners: { id: number; name: string; count: number }[] = [];
  for (const { partner } of educations) {
    const known = partners.find(({ id }) => id === partner.id);
    if (known) known.count += 1;
    else partners.push({ id: partner.id, name: partner.name, count: 1 });
  }
  return partners;
}

const shownEducations = ({ answer, partner }: LibraryModel) =>
  Array.isArray(answer)
    ? answer.filter((education) => partner === null || education.partner.id === partner)
    : [];

describe('education library random paths', () => {
  testRandomPaths<LibraryModel>('educationLibrary', {
    startLabel: 'Otvori /edukacije/ prijavljen',
    numRuns: 40,
    maxSteps: 8,
    start: () => {
      renderLibrary();
      return { answer: null, loads: 1, partner: null, path: '/edukacije/' };
    },
    steps: [
      fc.subarray(SERVER_EDUCATIONS).map((educations) =>
        step<LibraryModel>(
          `poslužitelj šalje ${educations.length} edukacija`,
          async (model) => {
            await loadEducations.resolve(educations);
            model.answer = educations;
          },
          (model) => model.answer === null,
        ),
      ),
      fc.constantFrom(new ApiError(500, null), new TypeError('Failed to fetch')).map((error) =>
        step<LibraryModel>(
          'učitavanje edukacija ne uspijeva',
          async (model) => {
            await loadEducations.reject(error);
            model.answer = 'failed';
          },
          (model) => model.answer === null,
        ),
      ),
      fc.constant(
        step<LibraryModel>(
          "pritisni 'Pokušaj ponovno'",
          async (model) => {
            await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
            model.answer = null;
            model.loads += 1;
          },
          (model) => model.answer === 'failed',
        ),
      ),
      fc.nat(3).map((index) =>
        step<LibraryModel>(
          (model) => {
            const partner = partnersOf(model.answer as Education[])[index - 1];
            return `odaberi partnera "${partner ? partner.name : 'Svi partneri'}"`;
          },
          async (model) => {
            const partner = partnersOf(model.answer as Education[])[index - 1];
            const label = partner
              ? `${partner.name} (${partner.count})`
              : messages.educations.allPartners;
            await user.selectOptions(partnerSelect() ?? document.body, label);
            model.partner = partner ? partner.id : null;
          },
          // SPEC 2: the filter is there only when more than one partner has educations.
          (model) =>
            Array.isArray(model.answer) &&
            partnersOf(model.answer).length > 1 &&
            index <= partnersOf(model.answer).length,
        ),
      ),
      fc.nat(4).map((index) =>
        step<LibraryModel>(
          (model) => `otvori edukaciju "${shownEducations(model)[index]?.title}"`,
          async (model) => {
            const education = shownEducations(model)[index] as Education;
            await user.click(
              screen.getByRole('link', { name: `Prikaži edukaciju (${education.title})` }),
            );
            model.path = `/edukacije/${education.id}`;
          },
          (model) => index < shownEducations(model).length,
        ),
      ),
    ],
    invariants: (model) => {
      // Asked once, and again only when the visitor retries.
      expect(loadEducations.calls).toHaveLength(model.loads);
      expect(retryButton() !== null).toBe(model.answer === 'failed');
      expect(app.location()).toBe(model.path);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Video edukacije');
      const loading = screen.queryByRole('status');
      if (model.answer === null) expect(loading).toHaveTextContent(messages.educations.loading);
      else expect(loading).not.toBeInTheDocument();
      const failed = screen.queryByText(messages.educations.loadFailed);
      expect(failed !== null).toBe(model.answer === 'failed');
      const none = screen.queryByText(messages.educations.none);
      expect(none !== null).toBe(Array.isArray(model.answer) && model.answer.length === 0);
      expect(cardTitles()).toEqual(shownEducations(model).map(({ title }) => title));
      const partners = Array.isArray(model.answer) ? partnersOf(model.answer) : [];
      if (partners.length > 1) {
        expect(optionLabels()).toEqual([
          messages.educations.allPartners,
          ...partners.map(({ name, count }) => `${name} (${count})`),
        ]);
        const chosen = partners.find(({ id }) => id === model.partner);
        expect(partnerSelect()).toHaveDisplayValue(
          chosen ? `${chosen.name} (${chosen.count})` : messages.educations.allPartners,
        );
      } else {
        expect(partnerSelect()).not.toBeInTheDocument();
      }
    },
  });
});
