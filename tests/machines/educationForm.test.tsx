import { act, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Education, EducationPatch, Partner, UserListItem } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EDUCATION_SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import type { VideoUploadHandlers } from '../../src/api/uploads.ts';
import { EducationFormContainer } from '../../src/app/EducationFormContainer.tsx';
import { educationFormMachine } from '../../src/machines/educationForm.machine.ts';
import {
  errorMessages,
  uploadStatus,
  type EducationDraft,
  type EducationFormData,
  type EducationFormInput,
} from '../../src/machines/educationForm.rules.ts';
import { messages } from '../../src/messages.ts';
import { routes } from '../../src/routes.ts';
import { anEducation, stream } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
const user = userEvent.setup();

export const ADMIN: UserListItem = {
  id: 1,
  name: 'Ana',
  surname: 'Horvat',
  email: 'admin@dentalia.hr',
};
export const USERS: UserListItem[] = [
  { id: 7, name: 'Iva', surname: 'Kovač', email: 'iva@primjer.hr' },
  { id: 8, name: 'Marko', surname: 'Babić', email: 'marko@primjer.hr' },
];
const PARTNERS: Partner[] = [
  { id: 3, name: 'Alpavera', logoUrl: '/media/partners/a.webp', websiteUrl: 'https://a.hr' },
  { id: 4, name: 'Dentalni centar', logoUrl: '/media/partners/d.webp', websiteUrl: 'https://d.hr' },
];
/**
 * The edited education: an uploaded video with a published stream, partner 4, Slovenia. The
 * sample drafts change its partner (validFileDraft: 3) and country (urlDraft: HR), so the model
 * reaches patches that carry them.
 */
const EDITED = anEducation({
  id: 12,
  title: 'Implantologija danas',
  partner: { id: 4, name: 'Dentalni centar', logoUrl: '/media/partners/d.webp' },
  videoUrl: '/api/v1/educations/12/stream/master.m3u8?expires=1&signature=a',
  stream: { ...stream('ready'), playlistUrl: '/api/v1/educations/12/stream/master.m3u8' },
});
const FORM_DATA: EducationFormData = {
  countries: [
    { isoCode: 'HR', localizedName: 'Hrvatska' },
    { isoCode: 'SI', localizedName: 'Slovenija' },
  ],
  partners: PARTNERS,
  users: USERS,
  education: EDITED,
  userIds: [7],
};
const video = new File([new Uint8Array(3 * 1024 * 1024)], 'predavanje.mp4', {
  type: 'video/mp4',
  lastModified: 1,
});
const validFileDraft: Partial<EducationDraft> = {
  title: 'Endodoncija u praksi',
  description: 'Cijelo predavanje s pitanjima.',
  lecturer: 'dr. Ivo Kovač',
  partnerId: '3',
  video,
};
const urlDraft: Partial<EducationDraft> = {
  videoSource: 'url',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  countryIsoCode: 'HR',
};
const serverRefusal = new ApiError(400, { errors: { Title: ['Title is taken.'] } });

// ---------------------------------------------------------------------------------------------
// Fakes: the form's loads share one settled answer; the upload is a callback actor's handlers.

const loadForm = fakePromiseActor<EducationFormData, undefined>();
const findPreviousUpload = fakePromiseActor<boolean, File>();
const createEducation = fakePromiseActor<Education, FormData>();
const updateEducation = fakePromiseActor<Education, { id: number; patch: EducationPatch }>();
const rightsUpdates: { id: number; userIds: number[] }[] = [];
const thumbnailsReplaced: { id: number; thumbnail: File }[] = [];
/** What the server stores after the update (the thumbnail's answer carries it on). */
let storedAfterUpdate = EDITED;

interface StartedUpload {
  file: File;
  resume: boolean;
  handlers: VideoUploadHandlers;
  stopped: boolean;
}
const uploads: StartedUpload[] = [];
const currentUpload = () => {
  const upload = uploads.at(-1);
  if (!upload || upload.stopped) throw new Error('No upload is running');
  return upload;
};

let pendingLoad: Promise<EducationFormData> | null = null;
/** One fake answer for all the calls of one load (they start together). */
const loaded = () => {
  pendingLoad ??= loadForm.fn(undefined).finally(() => {
    pendingLoad = null;
  });
  return pendingLoad;
};

let clock = Date.parse('2026-11-23T12:00:00Z');
let app: ReturnType<typeof renderWithEffects>;

export function renderForm(input: EducationFormInput) {
  pendingLoad = null;
  uploads.length = 0;
  rightsUpdates.length = 0;
  thumbnailsReplaced.length = 0;
  storedAfterUpdate = EDITED;
  for (const fake of [loadForm, findPreviousUpload, createEducation, updateEducation]) {
    fake.reset();
  }
  app = renderWithEffects(
    <EducationFormContainer educationId={input.educationId} currentUser={input.currentUser} />,
    {
      path:
        input.educationId === null
          ? '/admin/educations/create'
          : `/admin/educations/update/${input.educationId}`,
      now: () => new Date(clock),
      api: {
        countries: {
          listCountries: () =>
            loaded().then((data) => data.countries.map(({ isoCode }) => ({ isoCode }))),
        },
        partners: { listPartners: () => loaded().then((data) => data.partners) },
        users: { listUsers: () => loaded().then((data) => data.users) },
        educations: {
          getEducation: () => loaded().then((data) => data.education ?? EDITED),
          listAccessRights: () =>
            loaded().then((data) => data.userIds.map((id) => ({ user: { id } }))),
          createEducation: createEducation.fn,
          updateEducation: (id, patch) => updateEducation.fn({ id, patch }),
          replaceThumbnail: (id, thumbnail) => {
            thumbnailsReplaced.push({ id, thumbnail });
            return Promise.resolve({
              ...storedAfterUpdate,
              thumbnailUrl: `/media/educations/${id}-2.webp`,
            });
          },
          updateAccessRights: (id, userIds) => {
            rightsUpdates.push({ id, userIds });
            return Promise.resolve(userIds.map((userId) => ({ user: { id: userId } })));
          },
        },
        uploads: {
          hasUnfinishedVideoUpload: findPreviousUpload.fn,
          startVideoUpload: (file, resume, handlers, stop) => {
            const upload = { file, resume, handlers, stopped: false };
            uploads.push(upload);
            stop.addEventListener('abort', () => {
              upload.stopped = true;
            });
            return Promise.resolve();
          },
        },
      },
    },
  );
  return app;
}

// ---------------------------------------------------------------------------------------------
// What a person sees and does.

const LABELS = {
  title: text.titleLabel,
  description: text.description,
  lecturer: text.lecturer,
  recordingMonth: text.recordingMonth,
  countryIsoCode: text.country,
  subtitleLanguage: text.subtitleLanguage,
  partnerId: text.partner,
  videoUrl: text.videoUrl,
  video: text.videoFile,
  // Edit mode names it as a replacement (issue 29).
  thumbnail: (label: string) => label === text.thumbnail || label === text.replaceThumbnail,
} as const;
export const input = (field: keyof typeof LABELS) =>
  screen.getByLabelText<HTMLInputElement>(LABELS[field], { selector: 'input, textarea, select' });
const queryInput = (field: keyof typeof LABELS) =>
  screen.queryByLabelText<HTMLInputElement>(LABELS[field], { selector: 'input, textarea, select' });
export const submitButton = () =>
  screen.queryByRole('button', {
    name: new RegExp(`^(${text.submitCreate}|${text.submitUpdate})$`),
  });
export const restrictSwitch = () => screen.getByRole('switch', { name: text.restrict });
const usersBox = () => screen.queryByRole('combobox', { name: text.users });
export const shownProblems = () =>
  within(screen.queryByRole('alert') ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
/** The users chosen in the multi-select, by their remove buttons. */
export const chosenUsers = () =>
  screen
    .queryAllByRole('button', { name: /^Ukloni: / })
    .map((button) => button.getAttribute('aria-label')?.replace('Ukloni: ', ''));
const userLabel = (id: number) => {
  const found = [ADMIN, ...USERS].find((candidate) => candidate.id === id);
  return found ? text.userOption(found.name, found.surname, found.email) : `#${id}`;
};

/** Fills the form the way an administrator does; fields the mode does not show are skipped. */
export async function fill(values: Partial<EducationDraft>) {
  for (const [field, value] of Object.entries(values) as [keyof EducationDraft, unknown][]) {
    if (field === 'restricted') {
      if (restrictSwitch().getAttribute('aria-checked') !== String(value)) {
        await user.click(restrictSwitch());
      }
    } else if (field === 'videoSource') {
      const name = value === 'url' ? text.videoSourceUrl : text.videoSourceFile;
      const radio = screen.queryByRole('radio', { name });
      if (radio) await user.click(radio);
    } else if (field === 'userIds') {
      throw new Error('Choose users with chooseUser()');
    } else {
      const control = queryInput(field);
      if (!control) continue;
      if (field === 'video' || field === 'thumbnail') await user.upload(control, value as File);
      else if (field === 'recordingMonth') {
        const [year, month] = String(value).split('-');
        fireEvent.change(control, { target: { value: value ? `${month}/${year}` : '' } });
      } else fireEvent.change(control, { target: { value } });
    }
  }
}

export async function chooseUser(search: string, optionName: string) {
  const box = usersBox();
  if (!box) throw new Error('The users multi-select is not shown');
  await user.click(box);
  await user.type(box, search);
  await user.click(screen.getByRole('option', { name: optionName }));
}

const progressBar = () => screen.queryByRole('progressbar', { name: text.uploadProgress });
/** Issue 29: the link to the saved education in the viewer. */
const viewLink = () => screen.queryByRole('link', { name: text.viewEducation });
const viewerHref = (educationId: number) =>
  routes.education.href({ educationId: String(educationId) });
const currentVideo = () =>
  document.querySelector<HTMLVideoElement>(
    `video[aria-label="${text.currentVideoLabel(EDITED.title)}"]`,
  );
const currentThumbnail = () => screen.queryByRole('img', { name: text.currentThumbnail });

describe('education form model', () => {
  testMachineModel(educationFormMachine, {
    inputs: [
      { educationId: null, currentUser: ADMIN },
      { educationId: EDITED.id, currentUser: ADMIN },
    ],
    describeInput: ({ educationId }) => (educationId === null ? 'create' : 'edit'),
    // What the guards and the screen depend on (not the upload's id, clock or saved rights).
    serializeState: ({ value, context }, event) =>
      JSON.stringify({
        // The event too, as xstate/graph's own serialization does: every transition gets a path.
        event: event?.type,
        value,
        creating: context.educationId === null,
        draft: { ...context, video: context.video?.name, thumbnail: undefined },
        savedUserIds: undefined,
        uploadId: undefined,
        progress: context.progress?.bytesSent,
        errors: errorMessages(context.errors),
      }),
    render: renderForm,
    fakes: { loadForm, findPreviousUpload, createEducation, updateEducation },
    sampleEvents: [
      { type: 'xstate.done.actor.loadForm', output: FORM_DATA },
      { type: 'xstate.error.actor.loadForm', error: new TypeError('Failed to fetch') },
      { type: 'EDIT', values: validFileDraft },
      { type: 'EDIT', values: urlDraft },
      { type: 'EDIT', values: { restricted: true } },
      { type: 'EDIT', values: { restricted: false } },
      { type: 'xstate.done.actor.findPreviousUpload', output: false },
      { type: 'xstate.done.actor.findPreviousUpload', output: true },
      { type: 'xstate.error.actor.findPreviousUpload', error: new Error('storage') },
      { type: 'UPLOAD_PROGRESS', bytesSent: 1024 * 1024, bytesTotal: video.size, at: clock + 2000 },
      { type: 'UPLOADED', uploadId: 'a1b2c3' },
      { type: 'UPLOAD_FAILED', error: new Error('tus: failed to upload chunk') },
      { type: 'xstate.done.actor.createEducation', output: anEducation({ id: 40, title: 'E' }) },
      { type: 'xstate.error.actor.createEducation', error: serverRefusal },
      { type: 'xstate.error.actor.createEducation', error: new ApiError(500, null) },
      { type: 'xstate.done.actor.updateEducation', output: EDITED },
      { type: 'xstate.error.actor.updateEducation', error: serverRefusal },
      { type: 'xstate.error.actor.updateEducation', error: new ApiError(403, null) },
    ],
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent(text.loading);
        expect(submitButton()).not.toBeInTheDocument();
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(text.loadFailed);
        expect(submitButton()).not.toBeInTheDocument();
      },
      editing: ({ context }) => {
        const creating = context.educationId === null;
        expect(
          screen.getByRole('heading', {
            level: 1,
            name: creating ? text.createTitle : text.editTitle,
          }),
        ).toBeVisible();
        for (const field of ['title', 'description', 'lecturer', 'subtitleLanguage'] as const) {
          expect(input(field).value).toBe(context[field]);
        }
        // Issue 29: edit mode shows (and changes) country, partner, video and thumbnail too.
        expect(input('countryIsoCode')).toHaveValue(context.countryIsoCode);
        expect(input('partnerId')).toHaveValue(context.partnerId);
        if (context.videoSource === 'url') expect(input('videoUrl').value).toBe(context.videoUrl);
        else expect(input('video').files?.[0]).toBe(context.video ?? undefined);
        expect(input('thumbnail').files?.[0]).toBe(context.thumbnail ?? undefined);
        if (creating) {
          expect(currentVideo()).not.toBeInTheDocument();
          expect(currentThumbnail()).not.toBeInTheDocument();
        } else {
          // The stored video, playable: its stream attached to the player, and the thumbnail.
          expect(currentVideo()).toHaveAttribute('src', EDITED.stream?.playlistUrl);
          expect(currentThumbnail()).toHaveAttribute('src', context.education?.thumbnailUrl);
        }
        // After a create or an update, a link to that education in the viewer.
        if (context.savedId === null) expect(viewLink()).not.toBeInTheDocument();
        else expect(viewLink()).toHaveAttribute('href', viewerHref(context.savedId));
        expect(restrictSwitch()).toHaveAttribute('aria-checked', String(context.restricted));
        expect(chosenUsers()).toEqual(context.userIds.map(userLabel));
        if (!context.restricted) expect(usersBox()).not.toBeInTheDocument();
        expect(shownProblems()).toEqual(errorMessages(context.errors));
        expect(submitButton()).toHaveTextContent(creating ? text.submitCreate : text.submitUpdate);
        expect(progressBar()).not.toBeInTheDocument();
      },
      'uploading.checkingPrevious': ({ context }) => {
        expect(findPreviousUpload.calls.at(-1)).toBe(context.video);
        expect(screen.getByRole('status')).toHaveTextContent(text.checkingPrevious);
        expect(submitButton()).not.toBeInTheDocument();
        expect(input('title')).toBeDisabled();
      },
      'uploading.offeringResume': () => {
        expect(screen.getByRole('group', { name: text.previousFound })).toBeVisible();
        expect(screen.getByRole('button', { name: text.startOver })).toBeVisible();
        expect(uploads.filter((upload) => !upload.stopped)).toEqual([]);
      },
      'uploading.running': ({ context }) => {
        expect(currentUpload().file).toBe(context.video);
        expect(currentUpload().resume).toBe(context.resumeUpload);
        expect(screen.getByText(text.uploadPatience)).toBeVisible();
        const shown = uploadStatus(context.progress, context.video);
        expect(progressBar()).toHaveAttribute('value', String(shown.percent));
        expect(progressBar()).toHaveAccessibleDescription(
          new RegExp(`^${shown.percent} % ${shown.sentMegabytes} MB od ${shown.totalMegabytes} MB`),
        );
        expect(screen.getByRole('button', { name: text.pause })).toBeVisible();
        expect(submitButton()).not.toBeInTheDocument();
      },
      'uploading.paused': ({ context }) => {
        expect(uploads.at(-1)?.stopped).toBe(true);
        expect(screen.getByText(text.uploadPaused)).toBeVisible();
        expect(progressBar()).toHaveAttribute(
          'value',
          String(uploadStatus(context.progress, context.video).percent),
        );
        expect(screen.getByRole('button', { name: text.resume })).toBeVisible();
      },
      creating: ({ context }) => {
        // Only the add screen creates: an upload finished on the edit screen updates (issue 29).
        expect(screen.getByRole('heading', { level: 1, name: text.createTitle })).toBeVisible();
        const sent = createEducation.calls.at(-1);
        expect(sent?.get('Title')).toBe(context.title.trim());
        if (context.videoSource === 'file') expect(sent?.get('VideoUploadId')).toBe('a1b2c3');
        else expect(sent?.get('VideoUrl')).toBe(context.videoUrl);
        expect(screen.getByRole('status')).toHaveTextContent(text.submitting);
        expect(submitButton()).not.toBeInTheDocument();
      },
      updating: ({ context }) => {
        // Issue 29: partner, country and video are sent only when they differ from the stored
        // education; a new file goes up first and the update names its upload.
        const changed = <Value,>(value: Value, stored: Value) =>
          value === stored ? undefined : value;
        const sentUrl = context.videoSource === 'url' ? context.videoUrl.trim() : EDITED.videoUrl;
        expect(screen.getByRole('heading', { level: 1, name: text.editTitle })).toBeVisible();
        const sent = updateEducation.calls.at(-1);
        expect(sent?.id).toBe(EDITED.id);
        const { title, partnerId, countryIsoCode, videoUrl, videoUploadId } = sent?.patch ?? {};
        // toEqual: a member expected undefined must be absent (JSON drops it alike).
        expect({ title, partnerId, countryIsoCode, videoUrl, videoUploadId }).toEqual({
          title: context.title.trim(),
          partnerId: changed(Number(context.partnerId), EDITED.partner.id),
          countryIsoCode: changed(context.countryIsoCode, EDITED.country.isoCode),
          videoUrl: changed(sentUrl, EDITED.videoUrl),
          videoUploadId: context.videoSource === 'file' && context.video ? 'a1b2c3' : undefined,
        });
        expect(screen.getByRole('status')).toHaveTextContent(text.submitting);
        expect(viewLink()).not.toBeInTheDocument();
      },
    },
    events: {
      EDIT: (event) => fill(event.values as Partial<EducationDraft>),
      SUBMIT: () => user.click(submitButton() ?? document.body),
      RETRY: () => user.click(screen.getByRole('button', { name: text.retry })),
      RESUME_PREVIOUS: () => user.click(screen.getByRole('button', { name: text.resumePrevious })),
      START_OVER: () => user.click(screen.getByRole('button', { name: text.startOver })),
      PAUSE: () => user.click(screen.getByRole('button', { name: text.pause })),
      RESUME: () => user.click(screen.getByRole('button', { name: text.resume })),
      UPLOAD_PROGRESS: (event) =>
        act(() => {
          const { bytesSent, bytesTotal, at } = event as unknown as {
            bytesSent: number;
            bytesTotal: number;
            at: number;
          };
          clock = at;
          currentUpload().handlers.onProgress(bytesSent, bytesTotal);
        }),
      UPLOADED: (event) =>
        act(async () => {
          currentUpload().handlers.onSuccess((event as unknown as { uploadId: string }).uploadId);
          await Promise.resolve();
        }),
      UPLOAD_FAILED: (event) =>
        act(() => currentUpload().handlers.onError((event as unknown as { error: unknown }).error)),
    },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('education form journeys pinned by hand', () => {
  it('lists every SPEC 5 message at once for an empty new education', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toEqual([
      'Naziv edukacije nije ispravan.',
      'Opis edukacije nije potpun. (minimalno 5 znakova)',
      'Ime predavača ne izgleda ispravno.',
      'Nije odabran partner - organizator edukacije koji je snimio video.',
      'Odabrali ste uploadati video, ali niste ga odabrali.',
    ]);
    expect(input('title')).toHaveAttribute('aria-invalid', 'true');
    expect(input('title')).toHaveAccessibleDescription('Naziv edukacije nije ispravan.');
    expect(input('title')).toHaveFocus();
    await fill({ videoSource: 'url' });
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toContain(
      'Odabrali ste objaviti edukaciju putem web poveznice, ali niste unijeli poveznicu.',
    );
    expect(createEducation.calls).toEqual([]);
  });

  it('restricting a new education pre-selects the administrator; none chosen is refused', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill({ ...validFileDraft, ...urlDraft, restricted: true });
    expect(chosenUsers()).toEqual(['Ana Horvat (admin@dentalia.hr)']);
    await user.click(
      screen.getByRole('button', { name: 'Ukloni: Ana Horvat (admin@dentalia.hr)' }),
    );
    expect(chosenUsers()).toEqual([]);
    await user.click(submitButton() ?? document.body);
    expect(shownProblems()).toEqual([
      'Morate odabrati barem jednog korisnika kada ograničavate vidljivost edukacije.',
    ]);
    await chooseUser('iva', 'Iva Kovač (iva@primjer.hr)');
    expect(chosenUsers()).toEqual(['Iva Kovač (iva@primjer.hr)']);
    // Switching to all users clears the chosen ones.
    await fill({ restricted: false });
    await fill({ restricted: true });
    expect(chosenUsers()).toEqual(['Ana Horvat (admin@dentalia.hr)']);
  });

  it('sends the URL education with its users, then resets keeping country and mode', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill({
      ...validFileDraft,
      ...urlDraft,
      title: '  Endodoncija u praksi ',
      countryIsoCode: 'SI',
      recordingMonth: '2024-03',
      subtitleLanguage: 'engleski',
      restricted: true,
    });
    await chooseUser('marko', 'Marko Babić (marko@primjer.hr)');
    await user.click(submitButton() ?? document.body);
    const sent = createEducation.calls[0];
    expect(
      Object.fromEntries([...(sent?.keys() ?? [])].map((key) => [key, sent?.getAll(key)])),
    ).toEqual({
      Title: ['Endodoncija u praksi'],
      Description: ['Cijelo predavanje s pitanjima.'],
      Lecturer: ['dr. Ivo Kovač'],
      DateOfRecording: ['2024-03'],
      CountryIsoCode: ['SI'],
      SubtitleLanguage: ['engleski'],
      PartnerId: ['3'],
      VideoUrl: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      InitialAccessUserIds: ['1', '8'],
    });
    expect(viewLink()).not.toBeInTheDocument();
    await createEducation.resolve(anEducation({ id: 40, title: 'Endodoncija u praksi' }));
    expect(app.notices).toEqual([{ tone: 'success', text: 'Edukacija je stvorena.' }]);
    // Issue 29: the new education is one click away, at its viewer's address.
    expect(viewLink()).toHaveAttribute('href', '/edukacije/40');
    expect(viewerHref(40)).toBe('/edukacije/40');
    expect(input('title').value).toBe('');
    expect(input('countryIsoCode').value).toBe('SI');
    expect(input('videoUrl').value).toBe('');
    expect(restrictSwitch()).toHaveAttribute('aria-checked', 'false');
  });

  it('a new submit closes the toast of the saved education, refused or sent (issue 29)', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill({ ...validFileDraft, ...urlDraft });
    await user.click(submitButton() ?? document.body);
    await createEducation.resolve(anEducation({ id: 40, title: 'Endodoncija u praksi' }));
    expect(app.notices).toEqual([{ tone: 'success', text: 'Edukacija je stvorena.' }]);
    // The form was reset: its submit is refused, and the toast goes.
    await user.click(submitButton() ?? document.body);
    expect(createEducation.calls).toHaveLength(1);
    expect(app.notices).toEqual([]);
    await fill({ ...validFileDraft, ...urlDraft });
    await user.click(submitButton() ?? document.body);
    await createEducation.resolve(anEducation({ id: 41, title: 'Endodoncija u praksi' }));
    expect(app.notices).toEqual([{ tone: 'success', text: 'Edukacija je stvorena.' }]);
    // A second education sent at once: the first one's toast goes as it is sent.
    await fill({ ...validFileDraft, ...urlDraft });
    await user.click(submitButton() ?? document.body);
    expect(createEducation.calls).toHaveLength(3);
    expect(app.notices).toEqual([]);
    await createEducation.resolve(anEducation({ id: 42, title: 'Endodoncija u praksi' }));
  });

  it("a sent education takes the server's earlier refusal away, while it is saved and after", async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill({ ...validFileDraft, ...urlDraft });
    await user.click(submitButton() ?? document.body);
    await createEducation.reject(serverRefusal);
    expect(shownProblems()).toEqual(['Title is taken.']);
    await user.click(submitButton() ?? document.body);
    expect(createEducation.calls).toHaveLength(2);
    expect(shownProblems()).toEqual([]);
    await createEducation.resolve(anEducation({ id: 40, title: 'Endodoncija u praksi' }));
    expect(shownProblems()).toEqual([]);
  });

  it("an edit sent again takes the server's earlier refusal away while it is saved", async () => {
    renderForm({ educationId: EDITED.id, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill({ title: 'Implantologija sutra' });
    await user.click(submitButton() ?? document.body);
    await updateEducation.reject(serverRefusal);
    expect(shownProblems()).toEqual(['Title is taken.']);
    await user.click(submitButton() ?? document.body);
    expect(updateEducation.calls).toHaveLength(2);
    expect(shownProblems()).toEqual([]);
    await updateEducation.resolve(EDITED);
  });

  it('starts a new upload when the unfinished ones cannot be looked up', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill(validFileDraft);
    await user.click(submitButton() ?? document.body);
    await findPreviousUpload.reject(
      new DOMException('The storage is not available', 'SecurityError'),
    );
    expect(currentUpload().resume).toBe(false);
  });

  it('uploads the file, shows percent, megabytes and time left, pauses and resumes', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill(validFileDraft);
    await user.click(submitButton() ?? document.body);
    await findPreviousUpload.resolve(false);
    expect(currentUpload().resume).toBe(false);
    expect(screen.getByText(text.uploadTimeUnknown)).toBeVisible();
    act(() => {
      clock += 1000;
      currentUpload().handlers.onProgress(0, video.size);
    });
    act(() => {
      // 1 MiB in 2 s: the other 2 MiB take 4 s more.
      clock += 2000;
      currentUpload().handlers.onProgress(1024 * 1024, video.size);
    });
    expect(progressBar()).toHaveAttribute('value', '33');
    expect(screen.getByText('33 %')).toBeVisible();
    expect(screen.getByText('1,0 MB od 3,0 MB')).toBeVisible();
    expect(screen.getByText('Preostalo vrijeme: 0:04')).toBeVisible();
    await user.click(screen.getByRole('button', { name: text.pause }));
    expect(uploads[0]?.stopped).toBe(true);
    expect(screen.getByText(text.uploadPaused)).toBeVisible();
    await user.click(screen.getByRole('button', { name: text.resume }));
    expect(uploads.map((upload) => upload.resume)).toEqual([false, true]);
    act(() => currentUpload().handlers.onSuccess('a1b2c3'));
    expect(createEducation.calls[0]?.get('VideoUploadId')).toBe('a1b2c3');
    expect(createEducation.calls[0]?.get('Video')).toBeNull();
    await createEducation.resolve(anEducation({ id: 41, title: 'Endodoncija u praksi' }));
    // The file mode stays; the chosen file goes.
    expect(input('video').files).toHaveLength(0);
  });

  it('tells why the server refused a new upload: the cap of unfinished uploads, a full disk', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill(validFileDraft);
    await user.click(submitButton() ?? document.body);
    await findPreviousUpload.resolve(false);
    const refusal = new ApiError(429, {
      errors: [EDUCATION_SERVER_MESSAGES.tooManyUnfinishedUploads(5)],
    });
    act(() => currentUpload().handlers.onError(refusal));
    expect(app.notices).toEqual([{ tone: 'error', text: text.tooManyUnfinishedUploads(5) }]);
    await user.click(submitButton() ?? document.body);
    // The new submit closed the earlier refusal (issue 29).
    expect(app.notices).toEqual([]);
    await findPreviousUpload.resolve(false);
    const full = new ApiError(507, { errors: [EDUCATION_SERVER_MESSAGES.uploadDiskFull] });
    act(() => currentUpload().handlers.onError(full));
    expect(app.notices).toEqual([{ tone: 'error', text: text.uploadDiskFull }]);
    expect(createEducation.calls).toHaveLength(0);
  });

  it('asks before leaving while the video uploads', async () => {
    const confirm = vi.fn(() => false);
    Object.defineProperty(window, 'confirm', { value: confirm, configurable: true });
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill(validFileDraft);
    await user.click(submitButton() ?? document.body);
    await findPreviousUpload.resolve(true);
    await user.click(screen.getByRole('button', { name: text.resumePrevious }));
    const link = document.body.appendChild(document.createElement('a'));
    link.href = '/admin/user';
    link.textContent = 'Korisnici';
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(confirm).toHaveBeenCalledWith(text.leaveWhileUploading);
    expect(click.defaultPrevented).toBe(true);
    act(() => currentUpload().handlers.onError(new Error('tus: failed')));
    expect(app.notices).toEqual([{ tone: 'error', text: text.uploadFailed }]);
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    link.remove();
  });

  it('edits: loads the texts and rights, sends rights only when they changed', async () => {
    renderForm({ educationId: EDITED.id, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    expect(input('title').value).toBe('Implantologija danas');
    expect(input('recordingMonth').value).toBe('03/2024');
    expect(restrictSwitch()).toHaveAttribute('aria-checked', 'true');
    expect(chosenUsers()).toEqual(['Iva Kovač (iva@primjer.hr)']);
    await fill({ title: 'Implantologija sutra', recordingMonth: '' });
    await user.click(submitButton() ?? document.body);
    expect(updateEducation.calls).toEqual([
      {
        id: 12,
        patch: {
          title: 'Implantologija sutra',
          description: EDITED.description,
          lecturer: EDITED.lecturer,
          dateOfRecording: null,
          subtitleLanguage: 'engleski',
        },
      },
    ]);
    await updateEducation.resolve(EDITED);
    expect(rightsUpdates).toEqual([]);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Edukacija je ažurirana.' }]);
    // Opening it to all sends an empty list, once.
    await fill({ restricted: false });
    await user.click(submitButton() ?? document.body);
    expect(app.notices).toEqual([]);
    await updateEducation.resolve(EDITED);
    expect(rightsUpdates).toEqual([{ id: 12, userIds: [] }]);
    await user.click(submitButton() ?? document.body);
    await updateEducation.resolve(EDITED);
    expect(rightsUpdates).toHaveLength(1);
  });

  it('edits: shows the stored video and thumbnail, replaces video, partner, country and thumbnail, keeps the rights, links to the education', async () => {
    renderForm({ educationId: EDITED.id, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    expect(currentVideo()).toHaveAttribute('src', '/api/v1/educations/12/stream/master.m3u8');
    expect(currentVideo()).toHaveAttribute('controls');
    expect(currentThumbnail()).toHaveAttribute('src', '/media/educations/12.webp');
    expect(input('partnerId')).toHaveValue('4');
    expect(input('countryIsoCode')).toHaveValue('SI');
    expect(screen.getByRole('radio', { name: text.videoSourceFile })).toBeChecked();
    expect(viewLink()).not.toBeInTheDocument();
    const thumbnail = new File([new Uint8Array(8)], 'naslovna.png', { type: 'image/png' });
    await fill({ partnerId: '3', countryIsoCode: 'HR', video, thumbnail });
    await user.click(submitButton() ?? document.body);
    // The new file goes up the same resumable way first; nothing is saved before it is up.
    await findPreviousUpload.resolve(false);
    expect(currentUpload().file).toBe(video);
    expect(updateEducation.calls).toEqual([]);
    await act(async () => {
      currentUpload().handlers.onSuccess('u-9');
      await Promise.resolve();
    });
    expect(updateEducation.calls).toEqual([
      {
        id: 12,
        patch: {
          title: EDITED.title,
          description: EDITED.description,
          lecturer: EDITED.lecturer,
          dateOfRecording: '2024-03',
          subtitleLanguage: 'engleski',
          partnerId: 3,
          countryIsoCode: 'HR',
          videoUploadId: 'u-9',
        },
      },
    ]);
    storedAfterUpdate = {
      ...EDITED,
      partner: { id: 3, name: 'Alpavera', logoUrl: '/media/partners/a.webp' },
      country: { isoCode: 'HR' },
      videoUrl: '',
      stream: stream('queued'),
    };
    await updateEducation.resolve(storedAfterUpdate);
    expect(thumbnailsReplaced).toEqual([{ id: 12, thumbnail }]);
    // The access rights did not change: not sent, so they stay as they are.
    expect(rightsUpdates).toEqual([]);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Edukacija je ažurirana.' }]);
    expect(viewLink()).toHaveAttribute('href', '/edukacije/12');
    // The form now shows what is stored: the new video still processing, the new thumbnail.
    expect(currentVideo()).not.toBeInTheDocument();
    expect(screen.getByText(text.currentVideoProcessing)).toBeVisible();
    expect(currentThumbnail()).toHaveAttribute('src', '/media/educations/12-2.webp');
    expect(input('video').files).toHaveLength(0);
    expect(input('thumbnail').files).toHaveLength(0);
    // Saved again unchanged: no partner, country, video or thumbnail goes again.
    await user.click(submitButton() ?? document.body);
    expect(updateEducation.calls[1]?.patch).toEqual({
      title: EDITED.title,
      description: EDITED.description,
      lecturer: EDITED.lecturer,
      dateOfRecording: '2024-03',
      subtitleLanguage: 'engleski',
    });
    await updateEducation.resolve(storedAfterUpdate);
    expect(thumbnailsReplaced).toHaveLength(1);
    expect(uploads).toHaveLength(1);
  });

  it('edits a site video: its player in place, its address in URL mode, sent only when changed', async () => {
    const siteVideo = {
      ...EDITED,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      stream: null,
    };
    renderForm({ educationId: EDITED.id, currentUser: ADMIN });
    await loadForm.resolve({ ...FORM_DATA, education: siteVideo });
    expect(screen.getByTitle(text.currentVideoLabel(EDITED.title))).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(input('videoUrl').value).toBe(siteVideo.videoUrl);
    await user.click(submitButton() ?? document.body);
    expect(updateEducation.calls[0]?.patch).not.toHaveProperty('videoUrl');
    await updateEducation.resolve(siteVideo);
    await fill({ videoUrl: 'https://youtu.be/aqz-KE-bpKQ' });
    await user.click(submitButton() ?? document.body);
    expect(updateEducation.calls[1]?.patch).toMatchObject({
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
    });
  });

  it('reads the recording month picker in Croatian to a screen reader (issue 29)', async () => {
    renderForm({ educationId: EDITED.id, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    fireEvent.click(input('recordingMonth'));
    const dialog = screen.getByRole('dialog', { name: 'Odaberite mjesec' });
    const labels = [...dialog.querySelectorAll('[aria-label]')].map((element) =>
      element.getAttribute('aria-label'),
    );
    expect(labels.some((label) => label?.startsWith('Odaberi ožujka 2024'))).toBe(true);
    expect(labels.filter((label) => /^(Choose|Not available|Month)\b/.test(label ?? ''))).toEqual(
      [],
    );
  });

  it('says to invite users first when there are none', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve({ ...FORM_DATA, users: [] });
    await fill({ restricted: true });
    expect(screen.getByText(text.noUsers)).toBeVisible();
  });

  it('shows the server validation errors in Croatian where known', async () => {
    renderForm({ educationId: null, currentUser: ADMIN });
    await loadForm.resolve(FORM_DATA);
    await fill({ ...validFileDraft, ...urlDraft });
    await user.click(submitButton() ?? document.body);
    await createEducation.reject(
      new ApiError(400, {
        errors: {
          DateOfRecording: ['DateOfRecording must not lie in a later month than the current one.'],
          Title: ['Title is taken.'],
        },
      }),
    );
    expect(shownProblems()).toEqual([
      'Title is taken.',
      'Datum snimanja edukacije mora biti u prošlosti.',
    ]);
    expect(input('title')).toHaveAttribute('aria-invalid', 'true');
    expect(input('title')).toHaveAccessibleDescription('Title is taken.');
    expect(input('title')).toHaveFocus();
  });
});

// ---------------------------------------------------------------------------------------------
// Random paths (issue 30): what was sent, judged by SPEC 4 and 5 "Education form", never by the
// machine's context.

/** A new education with a video file: the upload, paused and resumed, then the create. */
interface UploadModel {
  titleValid: boolean;
  stage: 'editing' | 'checking' | 'offering' | 'running' | 'paused' | 'creating' | 'reset';
  /** Whether each upload started so far continues an earlier one (tus resume), in order. */
  resumes: boolean[];
  checks: number;
  /** The upload id each create named, in order. */
  created: string[];
  finished: number;
}

/** An education open to chosen users: which rights the update sends. */
interface RightsModel {
  titleValid: boolean;
  restricted: boolean;
  chosen: number[];
  /** The rights as last saved: loaded, then what each successful update left. */
  saved: number[];
  waiting: boolean;
  updates: number;
  rightsSent: number[][];
}

const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const sameSet = (left: readonly number[], right: readonly number[]) =>
  sortedIds(left).join() === sortedIds(right).join();

describe('education form random paths', () => {
  const typeTitle = <Model extends { titleValid: boolean }>(ready: (model: Model) => boolean) =>
    fc.constantFrom('ab', '  ab ', 'Endodoncija u praksi').map((value) =>
      step<Model>(
        `upiši naziv "${value}"`,
        (model) => {
          fireEvent.change(input('title'), { target: { value } });
          // SPEC 5: a title longer than 2 characters.
          model.titleValid = value.trim().length > 2;
        },
        ready,
      ),
    );
  const upload = (model: UploadModel) => model.stage === 'running';

  testRandomPaths<UploadModel>('educationForm', {
    variant: 'upload',
    startLabel: "Otvori 'Dodaj edukaciju', ispuni ga i odaberi video",
    numRuns: 8,
    maxSteps: 16,
    start: async () => {
      renderForm({ educationId: null, currentUser: ADMIN });
      await loadForm.resolve(FORM_DATA);
      await fill(validFileDraft);
      return {
        titleValid: true,
        stage: 'editing',
        resumes: [],
        checks: 0,
        created: [],
        finished: 0,
      };
    },
    steps: [
      typeTitle<UploadModel>((model) => model.stage === 'editing'),
      fc.constant(
        step<UploadModel>(
          `pritisni '${text.submitCreate}'`,
          async (model) => {
            await user.click(submitButton() ?? document.body);
            if (!model.titleValid) {
              expect(shownProblems()).toContain('Naziv edukacije nije ispravan.');
              return;
            }
            // The same file may have an unfinished upload: that is asked first.
            model.checks += 1;
            model.stage = 'checking';
          },
          (model) => model.stage === 'editing',
        ),
      ),
      fc.boolean().map((found) =>
        step<UploadModel>(
          found ? 'poslužitelj nalazi nedovršen upload' : 'poslužitelj ne nalazi nedovršen upload',
          async (model) => {
            await findPreviousUpload.resolve(found);
            if (found) model.stage = 'offering';
            else {
              model.resumes.push(false);
              model.stage = 'running';
            }
          },
          (model) => model.stage === 'checking',
        ),
      ),
      fc.boolean().map((resume) =>
        step<UploadModel>(
          `pritisni '${resume ? text.resumePrevious : text.startOver}'`,
          async (model) => {
            await user.click(
              screen.getByRole('button', { name: resume ? text.resumePrevious : text.startOver }),
            );
            model.resumes.push(resume);
            model.stage = 'running';
          },
          (model) => model.stage === 'offering',
        ),
      ),
      fc.integer({ min: 1, max: 99 }).map((percent) =>
        step<UploadModel>(
          `poslano ${percent} % videa`,
          () =>
            act(() => {
              clock += 1000;
              currentUpload().handlers.onProgress(
                Math.floor((video.size * percent) / 100),
                video.size,
              );
            }),
          upload,
        ),
      ),
      fc.constant(
        step<UploadModel>(
          `pritisni '${text.pause}'`,
          async (model) => {
            await user.click(screen.getByRole('button', { name: text.pause }));
            expect(screen.getByText(text.uploadPaused)).toBeVisible();
            model.stage = 'paused';
          },
          upload,
        ),
      ),
      fc.constant(
        step<UploadModel>(
          `pritisni '${text.resume}'`,
          async (model) => {
            await user.click(screen.getByRole('button', { name: text.resume }));
            // A paused upload continues where it stopped: the next run resumes it.
            model.resumes.push(true);
            model.stage = 'running';
          },
          (model) => model.stage === 'paused',
        ),
      ),
      fc.boolean().map((ok) =>
        step<UploadModel>(
          ok ? 'upload videa završava' : 'upload videa ne uspijeva',
          async (model) => {
            if (ok) {
              const uploadId = `upload-${model.resumes.length}`;
              await act(async () => {
                currentUpload().handlers.onSuccess(uploadId);
                await Promise.resolve();
              });
              model.created.push(uploadId);
              model.stage = 'creating';
            } else {
              act(() => currentUpload().handlers.onError(new Error('tus: failed')));
              expect(app.notices.at(-1)).toEqual({ tone: 'error', text: text.uploadFailed });
              model.stage = 'editing';
            }
          },
          upload,
        ),
      ),
      fc.boolean().map((ok) =>
        step<UploadModel>(
          ok ? 'poslužitelj stvara edukaciju' : 'poslužitelj odbija naziv',
          async (model) => {
            if (ok) {
              await createEducation.resolve(anEducation({ id: 40, title: 'Endodoncija' }));
              expect(app.notices.at(-1)).toEqual({
                tone: 'success',
                text: 'Edukacija je stvorena.',
              });
              model.finished += 1;
              // SPEC 4: the form resets; the chosen file goes with it.
              model.stage = 'reset';
            } else {
              await createEducation.reject(serverRefusal);
              expect(shownProblems()).toEqual(['Title is taken.']);
              model.stage = 'editing';
            }
          },
          (model) => model.stage === 'creating',
        ),
      ),
    ],
    invariants: (model) => {
      expect(findPreviousUpload.calls).toHaveLength(model.checks);
      expect(uploads.map((started) => started.resume)).toEqual(model.resumes);
      // Only a running upload sends: pausing, failing or finishing stops it.
      expect(uploads.filter((started) => !started.stopped)).toHaveLength(
        model.stage === 'running' ? 1 : 0,
      );
      // The education is created once per finished upload, naming that upload and no file.
      expect(createEducation.calls.map((sent) => sent.get('VideoUploadId'))).toEqual(model.created);
      expect(createEducation.calls.every((sent) => sent.get('Video') === null)).toBe(true);
      const saving = ['checking', 'running', 'paused', 'offering', 'creating'];
      if (saving.includes(model.stage)) expect(submitButton()).not.toBeInTheDocument();
      else expect(submitButton()).toBeVisible();
    },
  });

  const chosenIds = () =>
    chosenUsers().map((label) => [ADMIN, ...USERS].find((one) => userLabel(one.id) === label)?.id);
  const editable = (model: RightsModel) => !model.waiting;

  testRandomPaths<RightsModel>('educationForm', {
    variant: 'rights',
    startLabel: "Otvori 'Uredi edukaciju' edukacije vidljive jednoj korisnici",
    numRuns: 10,
    maxSteps: 16,
    start: async () => {
      renderForm({ educationId: EDITED.id, currentUser: ADMIN });
      await loadForm.resolve(FORM_DATA);
      // SPEC 4: restricted, since access rights exist.
      return {
        titleValid: true,
        restricted: true,
        chosen: [...FORM_DATA.userIds],
        saved: [...FORM_DATA.userIds],
        waiting: false,
        updates: 0,
        rightsSent: [],
      };
    },
    steps: [
      typeTitle<RightsModel>(editable),
      fc.constant(
        step<RightsModel>(
          `prebaci '${text.restrict}'`,
          async (model) => {
            await user.click(restrictSwitch());
            model.restricted = !model.restricted;
            // SPEC 4: switching to all users clears the chosen ones.
            if (!model.restricted) model.chosen = [];
          },
          editable,
        ),
      ),
      fc.constantFrom(...USERS).map((one) =>
        step<RightsModel>(
          `odaberi korisnika ${one.name} ${one.surname}`,
          async (model) => {
            await chooseUser(one.name.toLowerCase(), userLabel(one.id));
            model.chosen.push(one.id);
          },
          (model) => editable(model) && model.restricted && !model.chosen.includes(one.id),
        ),
      ),
      fc.nat().map((which) =>
        step<RightsModel>(
          (model) => `ukloni ${chosenUsers()[which % model.chosen.length] ?? 'korisnika'}`,
          async (model) => {
            const label = chosenUsers()[which % model.chosen.length];
            await user.click(screen.getByRole('button', { name: `Ukloni: ${label}` }));
            model.chosen = model.chosen.filter((id) => userLabel(id) !== label);
          },
          (model) => editable(model) && model.chosen.length > 0,
        ),
      ),
      fc.constant(
        step<RightsModel>(
          `pritisni '${text.submitUpdate}'`,
          async (model) => {
            await user.click(submitButton() ?? document.body);
            // SPEC 5: restricted visibility needs at least one user.
            if (!model.titleValid || (model.restricted && model.chosen.length === 0)) {
              expect(shownProblems().length).toBeGreaterThan(0);
              return;
            }
            model.updates += 1;
            model.waiting = true;
          },
          editable,
        ),
      ),
      fc.boolean().map((ok) =>
        step<RightsModel>(
          ok ? 'poslužitelj sprema promjene' : 'poslužitelj odbija naziv',
          async (model) => {
            if (ok) await updateEducation.resolve(EDITED);
            else await updateEducation.reject(serverRefusal);
            model.waiting = false;
            if (!ok) return;
            expect(app.notices.at(-1)).toEqual({
              tone: 'success',
              text: 'Edukacija je ažurirana.',
            });
            // SPEC 4: the rights are sent only when the selection changed (none chosen: open
            // to all, an empty list).
            const rights = model.restricted ? model.chosen : [];
            if (!sameSet(rights, model.saved)) model.rightsSent.push(sortedIds(rights));
            model.saved = [...rights];
          },
          (model) => model.waiting,
        ),
      ),
    ],
    invariants: (model) => {
      expect(updateEducation.calls).toHaveLength(model.updates);
      expect(rightsUpdates.map(({ id, userIds }) => ({ id, userIds: sortedIds(userIds) }))).toEqual(
        model.rightsSent.map((userIds) => ({ id: EDITED.id, userIds })),
      );
      if (model.waiting) return;
      expect(restrictSwitch()).toHaveAttribute('aria-checked', String(model.restricted));
      expect(sortedIds(chosenIds() as number[])).toEqual(sortedIds(model.chosen));
    },
  });
});
