/**
 * The caption files of an uploaded video on the education edit page (issue 27), through the
 * container with fake API calls: the model walks the form (refused before sending, sent, refused
 * by the server, removed, removed already elsewhere); by hand: each refusal in Croatian under its
 * field with the focus on it (too big, not a caption file, the server's 4xx), the keyboard path,
 * a replacement, and nothing shown for a video-site education.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPTION_RULES, type Education } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EDUCATION_SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import { educationCaptionsMachine } from '../../src/machines/educationCaptions.machine.ts';
import type { CaptionDraft } from '../../src/machines/educationCaptions.rules.ts';
import { messages } from '../../src/messages.ts';
import { renderMediaSection, section, uploaded, fakes } from '../support/educationMedia.tsx';
import { anEducation } from '../support/educations.ts';
import { testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';

const text = messages.educationAdmin;
// A file of another type must reach the form: the accept filter is only a hint to the dialog.
const user = userEvent.setup({ applyAccept: false });

const READY = uploaded('ready', ['hr']);
const WITH_EN = uploaded('ready', ['hr', 'en']);
const vtt = new File(['WEBVTT\n\n00:00.000 --> 00:02.000\nDobar dan.\n'], 'predavanje.vtt', {
  type: 'text/vtt',
});
const srt = new File(['1\n00:00:00,000 --> 00:00:02,000\nDobar dan.\n'], 'predavanje.srt');
const invalidCaptions = new ApiError(400, {
  errors: [EDUCATION_SERVER_MESSAGES.captionInvalid('cue 1 has no timing line')],
});
const alreadyRemoved = new ApiError(404, { errors: [EDUCATION_SERVER_MESSAGES.captionNotFound] });
const { loadEducation, putCaptions, removeCaptions } = fakes;

const captionsRegion = () => screen.getByRole('region', { name: text.captionsTitle });
const languageSelect = () => screen.getByRole('combobox', { name: text.captionLanguage });
const fileInput = () => screen.getByLabelText(text.captionFile);
const submitButton = () =>
  screen.getByRole('button', { name: new RegExp(`^(${text.captionAdd}|${text.captionReplace})$`) });
const removeButton = (name: string) =>
  screen.queryByRole('button', { name: text.captionRemoveOf(name) });
const LANGUAGE_NAMES: Record<string, string> = { hr: 'hrvatski', en: 'engleski' };

async function edit(values: Partial<CaptionDraft>) {
  if (values.language !== undefined) await user.selectOptions(languageSelect(), values.language);
  if (values.file) await user.upload(fileInput(), values.file);
}

/** The captions listed with their remove buttons, and the form's language. */
function expectCaptions(education: Education | null, draft: CaptionDraft) {
  const removable = within(captionsRegion())
    .queryAllByRole('button', { name: /^Ukloni titlove: / })
    .map((button) => button.getAttribute('aria-label'));
  expect(removable).toEqual(
    (education?.captions ?? []).map(({ language }) =>
      text.captionRemoveOf(LANGUAGE_NAMES[language] ?? language),
    ),
  );
  if (education?.captions.length === 0) {
    expect(captionsRegion()).toHaveTextContent(text.captionsNone);
  }
  expect(languageSelect()).toHaveValue(draft.language);
}

let app: ReturnType<typeof renderMediaSection>;

describe('education captions model', () => {
  testMachineModel(educationCaptionsMachine, {
    inputs: [{ educationId: 7 }],
    // The transcode watch loads first (answered at once); the captions' loads are the fake's.
    render: () => {
      app = renderMediaSection(0, READY);
      return app;
    },
    fakes: { loadEducation, putCaptions, removeCaptions },
    sampleEvents: [
      { type: 'xstate.done.actor.loadEducation', output: READY },
      { type: 'xstate.error.actor.loadEducation', error: new TypeError('Failed to fetch') },
      { type: 'xstate.done.actor.putCaptions', output: WITH_EN },
      { type: 'xstate.error.actor.putCaptions', error: invalidCaptions },
      { type: 'xstate.error.actor.putCaptions', error: new TypeError('Failed to fetch') },
      { type: 'xstate.done.actor.removeCaptions', output: undefined },
      { type: 'xstate.error.actor.removeCaptions', error: alreadyRemoved },
      {
        type: 'xstate.error.actor.removeCaptions',
        error: new ApiError(404, { errors: ['Education not found.'] }),
      },
      { type: 'xstate.error.actor.removeCaptions', error: new TypeError('Failed to fetch') },
      { type: 'EDIT', values: { language: 'en', file: vtt } },
      { type: 'REMOVE', language: 'hr' },
    ],
    // Files serialize alike: a person sees their names. An arriving failure is part of the
    // state, so that one leaving the form as it was still counts as a transition to test.
    serializeState: ({ value, context }, event) =>
      JSON.stringify([
        value,
        event?.type.startsWith('xstate.error.') || event?.type === 'RETRY' ? event.type : '',
        context.education?.captions.map((c) => c.language),
        context.draft.language,
        context.draft.file?.name,
        context.errors,
      ]),
    states: {
      loading: () => {
        expect(screen.queryByRole('region', { name: text.captionsTitle })).toBeNull();
        expect(loadEducation.calls.at(-1)).toBe(7);
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(text.mediaLoadFailed);
        expect(screen.getByRole('button', { name: text.retry })).toBeVisible();
      },
      editing: ({ context }) => {
        expectCaptions(context.education, context.draft);
        const replacing = context.education?.captions.some(
          (c) => c.language === context.draft.language,
        );
        expect(submitButton()).toHaveAccessibleName(
          replacing ? text.captionReplace : text.captionAdd,
        );
        expect(submitButton()).toBeEnabled();
        const { language = [], file = [], form = [] } = context.errors;
        const listed = within(captionsRegion()).queryByRole('alert')?.textContent ?? '';
        expect(listed).toBe([...language, ...file, ...form].join(''));
        if (language.length > 0) expect(languageSelect()).toHaveAttribute('aria-invalid', 'true');
        else expect(languageSelect()).not.toHaveAttribute('aria-invalid');
        if (file.length > 0) {
          expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
          expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(file.join('')));
        }
      },
      saving: ({ context }) => {
        expectCaptions(context.education, context.draft);
        expect(within(captionsRegion()).getByRole('status')).toHaveTextContent(text.captionSaving);
        expect(putCaptions.calls.at(-1)).toEqual({
          id: 7,
          language: context.draft.language,
          file: context.draft.file,
        });
        expect(languageSelect()).toBeDisabled();
      },
      removing: () => {
        expect(removeCaptions.calls.at(-1)).toEqual({ id: 7, language: 'hr' });
        expect(removeButton('hrvatski')).toBeDisabled();
        expect(languageSelect()).toBeDisabled();
      },
    },
    events: {
      RETRY: () => user.click(screen.getByRole('button', { name: text.retry })),
      EDIT: (event) => edit((event as unknown as { values: Partial<CaptionDraft> }).values),
      SUBMIT: () => user.click(submitButton()),
      REMOVE: async () => {
        const button = removeButton('hrvatski');
        if (button) await user.click(button);
      },
    },
  });
});

describe('education captions pinned by hand', () => {
  async function renderLoaded(education: Education = READY) {
    Object.values(fakes).forEach((fake) => fake.reset());
    app = renderMediaSection(0, education);
    await loadEducation.resolve(education);
  }

  it('refuses a file over the cap and one that is no caption file, before sending', async () => {
    await renderLoaded();
    await edit({
      language: 'en',
      file: new File([new Uint8Array(CAPTION_RULES.maxBytes + 1)], 'a.vtt'),
    });
    await user.click(submitButton());
    expect(fileInput()).toHaveAccessibleDescription(
      expect.stringContaining(text.captionFileTooLarge(512)),
    );
    expect(fileInput()).toHaveFocus();
    await edit({ file: new File(['<p>nije</p>'], 'titlovi.html') });
    await user.click(submitButton());
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(text.captionFileType));
    expect(putCaptions.calls).toEqual([]);
  });

  it("shows the server's refusals in Croatian under the field they are about", async () => {
    await renderLoaded();
    await edit({ language: 'en', file: srt });
    await user.click(submitButton());
    await putCaptions.reject(
      new ApiError(400, { errors: [EDUCATION_SERVER_MESSAGES.captionNotText] }),
    );
    expect(fileInput()).toHaveAccessibleDescription(expect.stringContaining(text.captionNotText));
    expect(fileInput()).toHaveFocus();
    await user.click(submitButton());
    await putCaptions.reject(new ApiError(413, { errors: ['Request body is too large.'] }));
    expect(fileInput()).toHaveAccessibleDescription(
      expect.stringContaining(text.captionFileTooLarge(512)),
    );
    await user.click(submitButton());
    await putCaptions.reject(
      new ApiError(400, { errors: [EDUCATION_SERVER_MESSAGES.captionLanguageInvalid] }),
    );
    expect(languageSelect()).toHaveAccessibleDescription(text.captionLanguageInvalid);
    expect(languageSelect()).toHaveFocus();
    expect(app.notices).toEqual([]);
  });

  it('goes by keyboard: language, file, send; then replaces the same language', async () => {
    await renderLoaded();
    await user.tab();
    expect(removeButton('hrvatski')).toHaveFocus();
    await user.tab();
    expect(languageSelect()).toHaveFocus();
    // A native select: the browser's own keys choose; the test DOM only sets the value.
    await user.selectOptions(languageSelect(), 'hr');
    // The education has Croatian captions: sending replaces them.
    expect(submitButton()).toHaveAccessibleName(text.captionReplace);
    await user.tab();
    expect(fileInput()).toHaveFocus();
    await user.upload(fileInput(), vtt);
    await user.tab();
    expect(submitButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(putCaptions.calls).toEqual([{ id: 7, language: 'hr', file: vtt }]);
    await putCaptions.resolve(READY);
    expect(app.notices).toEqual([{ tone: 'success', text: text.captionSaved('hrvatski') }]);
    expect(languageSelect()).toHaveValue('');
  });

  it('removes captions: tells so and drops them from the list', async () => {
    await renderLoaded(WITH_EN);
    await user.click(removeButton('hrvatski') as HTMLElement);
    expect(removeCaptions.calls).toEqual([{ id: 7, language: 'hr' }]);
    await removeCaptions.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: text.captionRemoved('hrvatski') }]);
    expect(removeButton('hrvatski')).toBeNull();
    expect(removeButton('engleski')).toBeEnabled();
  });

  it('says so when the captions were removed elsewhere already, and drops them too', async () => {
    await renderLoaded(WITH_EN);
    await user.click(removeButton('hrvatski') as HTMLElement);
    await removeCaptions.reject(alreadyRemoved);
    expect(within(captionsRegion()).getByRole('alert')).toHaveTextContent(
      text.captionAlreadyRemoved,
    );
    expect(removeButton('hrvatski')).toBeNull();
    expect(removeButton('engleski')).toBeEnabled();
    expect(app.notices).toEqual([]);
  });

  it('reports a failed removal and frees the controls, the captions still listed', async () => {
    await renderLoaded();
    await user.click(removeButton('hrvatski') as HTMLElement);
    await removeCaptions.reject(new TypeError('Failed to fetch'));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"message":"Failed to fetch"}' },
    ]);
    expect(removeButton('hrvatski')).toBeEnabled();
    expect(languageSelect()).toBeEnabled();
  });

  it("takes a field's message away once the field changes, and the form's with it", async () => {
    await renderLoaded();
    await user.click(submitButton());
    expect(languageSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    await edit({ language: 'en' });
    expect(languageSelect()).not.toHaveAttribute('aria-invalid');
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    await edit({ file: vtt });
    expect(fileInput()).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    await putCaptions.reject(new ApiError(404, { errors: ['Education not found.'] }));
    expect(within(captionsRegion()).getByRole('alert')).toHaveTextContent(text.captionsUnavailable);
    await edit({ language: 'hr' });
    expect(within(captionsRegion()).queryByRole('alert')).toBeNull();
  });

  it('shows nothing for an education whose video is a link', async () => {
    const linked = anEducation({ id: 7, title: 'Protetika' });
    await renderLoaded(linked);
    expect(section()).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

/**
 * Issue 27's caption files as a model: the languages the education has, the draft (a language
 * and a file of a known kind), the messages due, the calls open and sent, and the toasts. Nothing
 * is sent while the draft breaks a rule (a language, a .vtt or .srt file, not empty, at most
 * 512 KiB); the upload carries exactly the language and file chosen; a saved or removed file is
 * told by name and the list follows the server.
 */
interface CaptionsModel {
  phase: 'loading' | 'loadFailed' | 'editing';
  languages: string[];
  language: string;
  file: File | null;
  errors: { language?: string; file?: string; form?: string };
  saving: boolean;
  removing: string | null;
  puts: { id: number; language: string; file: File }[];
  removals: { id: number; language: string }[];
  loads: number;
  notices: { tone: string; text: string }[];
}

describe('education captions random paths', () => {
  const NAMES: Record<string, string> = { hr: 'hrvatski', en: 'engleski', de: 'njemački' };
  const bytes = (size: number, name: string) => new File([new Uint8Array(size)], name);
  /** Each file with the message SPEC's rules give it before sending (none: it may be sent). */
  const FILES: { label: string; file: File; problem?: string }[] = [
    { label: 'predavanje.vtt', file: vtt },
    { label: 'predavanje.srt', file: srt },
    { label: 'točno 512 KiB', file: bytes(CAPTION_RULES.maxBytes, 'čitav.vtt') },
    {
      label: '512 KiB i 1 bajt',
      file: bytes(CAPTION_RULES.maxBytes + 1, 'preveliko.VTT'),
      problem: 'Datoteka titlova smije imati najviše 512 KiB.',
    },
    {
      label: 'prazna .vtt',
      file: bytes(0, 'prazno.vtt'),
      problem: 'Odabrana datoteka titlova je prazna.',
    },
    {
      label: 'titlovi.html',
      file: new File(['<p>nije</p>'], 'titlovi.html'),
      problem: 'Titlovi moraju biti datoteka WebVTT (.vtt) ili SRT (.srt).',
    },
  ];
  const problemOf = (file: File | null) =>
    file ? FILES.find((entry) => entry.file === file)?.problem : 'Odaberite datoteku titlova.';
  const education = (languages: string[]) => uploaded('ready', languages);
  const editable = (model: CaptionsModel) =>
    model.phase === 'editing' && !model.saving && model.removing === null;
  const toast500 = 'Dogodila se pogreška: {"errors":["Internal server error."]}';
  const error500 = new ApiError(500, { errors: ['Internal server error.'] });

  // Listed twice: most paths go on to the form rather than to a failed load.
  const loaded = fc.constantFrom<string[]>(['hr'], ['hr'], ['hr', 'en'], []).map((languages) =>
    step<CaptionsModel>(
      `poslužitelj šalje edukaciju s titlovima: ${languages.join(', ') || 'nema'}`,
      async (model) => {
        await loadEducation.resolve(education(languages));
        Object.assign(model, { phase: 'editing', languages });
      },
      (model) => model.phase === 'loading',
    ),
  );

  testRandomPaths<CaptionsModel>('educationCaptions', {
    startLabel: 'Otvori uređivanje edukacije s prenesenim videom i hrvatskim titlovima',
    numRuns: 15,
    maxSteps: 16,
    start: () => {
      Object.values(fakes).forEach((fake) => fake.reset());
      // The transcode watch loads first (answered at once); the captions' loads are the fake's.
      app = renderMediaSection(0, READY);
      return {
        phase: 'loading',
        languages: [],
        language: '',
        file: null,
        errors: {},
        saving: false,
        removing: null,
        puts: [],
        removals: [],
        loads: 1,
        notices: [],
      };
    },
    steps: [
      loaded,
      loaded,
      fc.constant(
        step<CaptionsModel>(
          'učitavanje: veza se prekida',
          async (model) => {
            await loadEducation.reject(new TypeError('Failed to fetch'));
            model.phase = 'loadFailed';
            model.notices.push({
              tone: 'error',
              text: 'Dogodila se pogreška: {"message":"Failed to fetch"}',
            });
          },
          (model) => model.phase === 'loading',
        ),
      ),
      fc.constant(
        step<CaptionsModel>(
          `pritisni '${text.retry}'`,
          (model) => {
            fireEvent.click(screen.getByRole('button', { name: text.retry }));
            Object.assign(model, { phase: 'loading', loads: model.loads + 1 });
          },
          (model) => model.phase === 'loadFailed',
        ),
      ),
      fc.constantFrom('', 'hr', 'en', 'de').map((language) =>
        step<CaptionsModel>(
          `odaberi jezik "${NAMES[language] ?? text.captionLanguageChoose}"`,
          (model) => {
            fireEvent.change(languageSelect(), { target: { value: language } });
            model.language = language;
            // A changed field takes its message and the form's away.
            model.errors = { file: model.errors.file };
          },
          // Choosing the option already chosen changes nothing in a browser: no change event.
          (model) => editable(model) && model.language !== language,
        ),
      ),
      fc.constantFrom(...FILES).map(({ label, file }) =>
        step<CaptionsModel>(
          `odaberi datoteku ${label}`,
          (model) => {
            // A change event as the file dialog gives it (user-event's upload costs ~50 ms a step).
            fireEvent.change(fileInput(), { target: { files: [file] } });
            model.file = file;
            model.errors = { language: model.errors.language };
          },
          // The same file chosen again is no change either.
          (model) => editable(model) && model.file !== file,
        ),
      ),
      ...[1, 2].map(() =>
        fc.constant(
          step<CaptionsModel>(
            (model) =>
              `pritisni '${model.languages.includes(model.language) ? text.captionReplace : text.captionAdd}'`,
            (model) => {
              fireEvent.click(submitButton());
              const language = model.language === '' ? text.captionLanguageRequired : undefined;
              const file = problemOf(model.file);
              if (language || file) {
                model.errors = { language, file };
                return;
              }
              model.saving = true;
              model.puts.push({ id: 7, language: model.language, file: model.file as File });
            },
            editable,
          ),
        ),
      ),
      fc.constantFrom('saved', '400', '413', '404', '500').map((answer) =>
        step<CaptionsModel>(
          answer === 'saved'
            ? 'poslužitelj sprema titlove'
            : `slanje: poslužitelj odgovara ${answer}`,
          async (model) => {
            model.saving = false;
            if (answer === 'saved') {
              const languages = [...new Set([...model.languages, model.language])];
              await putCaptions.resolve(education(languages));
              model.notices.push({
                tone: 'success',
                text: `Titlovi (${NAMES[model.language]}) su spremljeni.`,
              });
              Object.assign(model, { languages, language: '', file: null, errors: {} });
              return;
            }
            const refusals = {
              '400': [invalidCaptions, { file: text.captionInvalid }],
              '413': [
                new ApiError(413, { errors: ['Request body is too large.'] }),
                { file: 'Datoteka titlova smije imati najviše 512 KiB.' },
              ],
              '404': [
                new ApiError(404, { errors: ['Education not found.'] }),
                { form: 'Ova edukacija nema preneseni video pa ne može imati titlove.' },
              ],
              '500': [error500, {}],
            } as const;
            const [error, errors] = refusals[answer];
            await putCaptions.reject(error);
            // A failure that is no refusal is a toast; the messages shown stay as they were.
            if (answer === '500') model.notices.push({ tone: 'error', text: toast500 });
            else model.errors = errors;
          },
          (model) => model.saving,
        ),
      ),
      fc.constantFrom('hr', 'en').map((language) =>
        step<CaptionsModel>(
          `pritisni '${text.captionRemoveOf(NAMES[language] ?? language)}'`,
          (model) => {
            fireEvent.click(removeButton(NAMES[language] ?? language) as HTMLElement);
            model.removing = language;
            model.removals.push({ id: 7, language });
          },
          (model) => editable(model) && model.languages.includes(language),
        ),
      ),
      fc.constantFrom('removed', 'gone', '500').map((answer) =>
        step<CaptionsModel>(
          {
            removed: 'poslužitelj uklanja titlove',
            gone: 'uklanjanje: titlovi su već uklonjeni (404)',
            '500': 'uklanjanje: poslužitelj odgovara 500',
          }[answer],
          async (model) => {
            const language = model.removing as string;
            model.removing = null;
            if (answer === '500') {
              await removeCaptions.reject(error500);
              model.notices.push({ tone: 'error', text: toast500 });
              return;
            }
            if (answer === 'removed') {
              await removeCaptions.resolve(undefined);
              model.notices.push({
                tone: 'success',
                text: `Titlovi (${NAMES[language]}) su uklonjeni.`,
              });
            } else {
              await removeCaptions.reject(alreadyRemoved);
              model.errors = { form: text.captionAlreadyRemoved };
            }
            model.languages = model.languages.filter((listed) => listed !== language);
          },
          (model) => model.removing !== null,
        ),
      ),
    ],
    invariants: (model) => {
      // Nothing sent while the draft breaks a rule; sent as chosen; each call counted.
      expect(loadEducation.calls).toHaveLength(model.loads);
      expect(putCaptions.calls).toEqual(model.puts);
      expect(removeCaptions.calls).toEqual(model.removals);
      expect(app.notices).toEqual(model.notices);
      if (model.phase === 'loadFailed') {
        expect(screen.getByRole('alert')).toHaveTextContent(text.mediaLoadFailed);
        return;
      }
      if (model.phase === 'loading') {
        expect(screen.queryByRole('region', { name: text.captionsTitle })).toBeNull();
        return;
      }
      const removable = within(captionsRegion())
        .queryAllByRole('button', { name: /^Ukloni titlove: / })
        .map((button) => button.getAttribute('aria-label'));
      expect(removable).toEqual(
        model.languages.map((language) => text.captionRemoveOf(NAMES[language] ?? language)),
      );
      if (model.languages.length === 0) {
        expect(captionsRegion()).toHaveTextContent(text.captionsNone);
      }
      expect(languageSelect()).toHaveValue(model.language);
      const { language = '', file = '', form = '' } = model.errors;
      expect(within(captionsRegion()).queryByRole('alert')?.textContent ?? '').toBe(
        language + file + form,
      );
      const busy = model.saving || model.removing !== null;
      if (busy) expect(languageSelect()).toBeDisabled();
      else expect(languageSelect()).toBeEnabled();
      if (model.saving) {
        expect(within(captionsRegion()).getByRole('status')).toHaveTextContent(text.captionSaving);
        return;
      }
      expect(submitButton()).toHaveAccessibleName(
        model.languages.includes(model.language) ? text.captionReplace : text.captionAdd,
      );
    },
  });
});
