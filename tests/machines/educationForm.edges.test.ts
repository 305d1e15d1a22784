/**
 * The education form's helpers at the edges the model-based paths and educationForm.rules.test.ts
 * do not reach (issue 9's mutation measure): trimming, the labels of the length messages, what
 * each request carries, the server's field errors, which messages an edit clears, the draft an
 * education opens with, the upload numbers at zero and the user options.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { EDUCATION_FIELDS, EDUCATION_RULES, type Education } from '../../src/api/contract.ts';
import type { CreateEducationRequest } from '../../src/api/educationRequests.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EDUCATION_SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import {
  educationFormMachine,
  selectUploadPhase,
} from '../../src/machines/educationForm.machine.ts';
import {
  EMPTY_EDUCATION_DRAFT,
  createEducationRequest,
  draftOfEducation,
  errorMessages,
  saveEducationRequest,
  serverFieldErrors,
  uploadStatus,
  userOptions,
  validateEducationDraft,
  type EducationDraft,
  type EducationFormContext,
  type EducationFormData,
} from '../../src/machines/educationForm.rules.ts';
import { messages } from '../../src/messages.ts';
import { anEducation, stream } from '../support/educations.ts';

const text = messages.educationAdmin;
const NOW = new Date('2026-06-15T10:00:00Z');
const valid: EducationDraft = {
  ...EMPTY_EDUCATION_DRAFT,
  title: 'Implantologija',
  description: 'Snimka predavanja',
  lecturer: 'dr. Ana Horvat',
  partnerId: '3',
  videoSource: 'url',
  videoUrl: 'https://primjer.hr/video.mp4',
};
const problems = (draft: Partial<EducationDraft>, creating = true) =>
  errorMessages(validateEducationDraft({ ...valid, ...draft }, creating, NOW));
const ADMIN = { id: 1, name: 'Ana', surname: 'Horvat', email: 'ana@primjer.hr' };
/** As edit mode loads it: the draft `valid` unchanged (partner 3, Croatia, the same address). */
const STORED = anEducation({
  id: 12,
  title: 'Implantologija',
  country: { isoCode: 'HR' },
  partner: { id: 3, name: 'Alpavera', logoUrl: '/media/partners/a.webp' },
  videoUrl: 'https://primjer.hr/video.mp4',
});

describe('the rules trim before they count', () => {
  it('a description or lecturer padded with spaces is judged without them', () => {
    expect(problems({ description: '  abcd  ' })).toEqual([text.descriptionIncomplete]);
    expect(problems({ lecturer: '  a  ' })).toEqual([text.lecturerInvalid]);
  });

  it('spaces around the longest description, lecturer or subtitle language do not make it too long', () => {
    const padded = (max: number) => ` ${'a'.repeat(max)} `;
    expect(
      problems({
        description: padded(EDUCATION_RULES.descriptionMaxLength),
        lecturer: padded(EDUCATION_RULES.lecturerMaxLength),
        subtitleLanguage: padded(EDUCATION_RULES.subtitleLanguageMaxLength),
      }),
    ).toEqual([]);
  });

  it('each length message names its own field', () => {
    const over = (max: number) => 'a'.repeat(max + 1);
    expect(problems({ description: over(EDUCATION_RULES.descriptionMaxLength) })).toEqual([
      text.tooLong(text.description, EDUCATION_RULES.descriptionMaxLength),
    ]);
    expect(problems({ lecturer: over(EDUCATION_RULES.lecturerMaxLength) })).toEqual([
      text.tooLong(text.lecturer, EDUCATION_RULES.lecturerMaxLength),
    ]);
    const longUrl = `https://primjer.hr/${over(EDUCATION_RULES.videoUrlMaxLength)}`;
    expect(problems({ videoUrl: longUrl })).toEqual([
      text.tooLong(text.videoUrl, EDUCATION_RULES.videoUrlMaxLength),
    ]);
  });
});

describe('the video address and the country', () => {
  it('takes http and https addresses only, and refuses what is no address at all', () => {
    expect(problems({ videoUrl: 'http://primjer.hr/v.mp4' })).toEqual([]);
    expect(problems({ videoUrl: 'xhttps://primjer.hr/v.mp4' })).toEqual([text.videoUrlInvalid]);
    expect(problems({ videoUrl: 'primjer.hr/v.mp4' })).toEqual([text.videoUrlInvalid]);
  });

  it('an education needs a country, new or edited (issue 29: the edit sends it)', () => {
    expect(problems({ countryIsoCode: '' })).toEqual([text.countryRequired]);
    expect(problems({ countryIsoCode: '' }, false)).toEqual([text.countryRequired]);
  });
});

describe('what the requests carry', () => {
  const padded: EducationDraft = {
    ...valid,
    title: '  Implantologija  ',
    description: ' Snimka predavanja ',
    lecturer: ' dr. Ana Horvat ',
    subtitleLanguage: '   ',
    videoUrl: ' https://primjer.hr/video.mp4 ',
  };

  it('creating: trimmed texts, no empty subtitle language, no users unless restricted', () => {
    expect(createEducationRequest({ ...padded, userIds: [4] }, null)).toMatchObject({
      title: 'Implantologija',
      description: 'Snimka predavanja',
      lecturer: 'dr. Ana Horvat',
      subtitleLanguage: null,
      video: { videoUrl: 'https://primjer.hr/video.mp4' },
      initialAccessUserIds: [],
    });
    expect(
      createEducationRequest({ ...padded, restricted: true, userIds: [4] }, null)
        .initialAccessUserIds,
    ).toEqual([4]);
  });

  it('a file names its finished upload', () => {
    const file = { ...valid, videoSource: 'file' as const };
    expect(createEducationRequest(file, 'u-1').video).toEqual({ videoUploadId: 'u-1' });
    expect(createEducationRequest(file, null).video).toEqual({ videoUploadId: '' });
  });

  it('updating: trimmed texts, and the rights when the set of users differs', () => {
    const context: EducationFormContext = {
      ...padded,
      educationId: 12,
      currentUser: ADMIN,
      now: () => new Date(),
      countries: [],
      partners: [],
      users: [],
      savedUserIds: [7, 8],
      education: STORED,
      savedId: null,
      errors: {},
      resumeUpload: false,
      uploadId: null,
      progress: null,
    };
    const save = (restricted: boolean, userIds: number[]) =>
      saveEducationRequest({ ...context, restricted, userIds });
    expect(save(true, [7, 8]).patch).toEqual({
      title: 'Implantologija',
      description: 'Snimka predavanja',
      lecturer: 'dr. Ana Horvat',
      dateOfRecording: null,
      subtitleLanguage: null,
    });
    expect(save(true, [8, 7]).userIds).toBeNull();
    expect(save(true, [7, 9]).userIds).toEqual([7, 9]);
    expect(save(true, [7]).userIds).toEqual([7]);
    expect(save(true, [7, 8, 9]).userIds).toEqual([7, 8, 9]);
    expect(save(false, [7, 8]).userIds).toEqual([]);
    const savedUnordered = { ...context, restricted: true, savedUserIds: [8, 7] };
    expect(saveEducationRequest({ ...savedUnordered, userIds: [7, 8] }).userIds).toBeNull();
  });

  it('updating: partner, country and video only when they changed; a new thumbnail as chosen (issue 29)', () => {
    const context: EducationFormContext = {
      ...valid,
      educationId: 12,
      currentUser: ADMIN,
      now: () => new Date(),
      countries: [],
      partners: [],
      users: [],
      savedUserIds: [],
      education: STORED,
      savedId: null,
      errors: {},
      resumeUpload: false,
      uploadId: null,
      progress: null,
    };
    const patch = (changes: Partial<EducationFormContext>) =>
      saveEducationRequest({ ...context, ...changes }).patch;
    const unchanged = patch({});
    expect(unchanged).not.toHaveProperty('partnerId');
    expect(unchanged).not.toHaveProperty('countryIsoCode');
    expect(unchanged).not.toHaveProperty('videoUrl');
    expect(unchanged).not.toHaveProperty('videoUploadId');
    // The address as stored, only padded, is no change either.
    expect(patch({ videoUrl: ' https://primjer.hr/video.mp4 ' })).not.toHaveProperty('videoUrl');
    expect(patch({ partnerId: '4' })).toEqual({ ...unchanged, partnerId: 4 });
    expect(patch({ countryIsoCode: 'SI' })).toEqual({ ...unchanged, countryIsoCode: 'SI' });
    expect(patch({ videoUrl: ' https://primjer.hr/novi.mp4 ' })).toEqual({
      ...unchanged,
      videoUrl: 'https://primjer.hr/novi.mp4',
    });
    // A new file names its finished upload; file mode with no upload keeps the video.
    expect(patch({ videoSource: 'file', uploadId: 'u-7' })).toEqual({
      ...unchanged,
      videoUploadId: 'u-7',
    });
    expect(patch({ videoSource: 'file', uploadId: null })).toEqual(unchanged);
    const thumbnail = new File([new Uint8Array(4)], 'naslovna.png', { type: 'image/png' });
    expect(saveEducationRequest({ ...context, thumbnail }).thumbnail).toBe(thumbnail);
    expect(saveEducationRequest(context).thumbnail).toBeNull();
  });
});

describe('the draft an education opens with', () => {
  it('an open education without month or subtitles', () => {
    const education = anEducation({
      id: 3,
      title: 'Endodoncija',
      dateOfRecording: null,
      subtitleLanguage: null,
    });
    expect(draftOfEducation(education, [])).toMatchObject({
      recordingMonth: '',
      subtitleLanguage: '',
      restricted: false,
      userIds: [],
    });
    expect(draftOfEducation(education, [7])).toMatchObject({ restricted: true, userIds: [7] });
  });

  it('a site video opens in URL mode with its address; an upload in file mode with none (issue 29)', () => {
    expect(draftOfEducation(STORED, [])).toMatchObject({
      videoSource: 'url',
      videoUrl: 'https://primjer.hr/video.mp4',
      partnerId: '3',
      countryIsoCode: 'HR',
    });
    const uploaded = anEducation({
      id: 4,
      title: 'Parodontologija',
      videoUrl: '/api/v1/educations/4/stream/master.m3u8',
      stream: stream('ready'),
    });
    expect(draftOfEducation(uploaded, [])).toMatchObject({ videoSource: 'file', videoUrl: '' });
  });
});

describe("the server's field errors", () => {
  const invalid = (errors: Record<string, string[]>) => new ApiError(400, { errors });

  it('maps the request fields to the form, in Croatian where the message is known', () => {
    const inFuture = EDUCATION_SERVER_MESSAGES.recordingMonthInFuture;
    expect(
      serverFieldErrors(
        invalid({
          [EDUCATION_FIELDS.dateOfRecording]: [inFuture],
          [EDUCATION_FIELDS.videoUploadId]: ['The upload is not finished yet.'],
          userIds: ['Unknown user 9.'],
        }),
      ),
    ).toEqual({
      recordingMonth: [text.recordingInFuture],
      video: ['The upload is not finished yet.'],
      userIds: ['Unknown user 9.'],
    });
  });

  it('anything else is not a field error', () => {
    expect(serverFieldErrors(new Error('Failed to fetch'))).toBeNull();
    expect(serverFieldErrors(new ApiError(409, { errors: { Title: ['taken'] } }))).toBeNull();
    expect(serverFieldErrors(new ApiError(400, null))).toBeNull();
    expect(serverFieldErrors(new ApiError(400, { errors: ['Bad request.'] }))).toBeNull();
    expect(serverFieldErrors(invalid({ Title: ['x'], Unknown: ['y'] }))).toBeNull();
  });
});

/** The machine, started in create or edit mode with fake effects. */
function startForm(
  educationId: number | null,
  data: Partial<EducationFormData>,
  createEducation: (request: CreateEducationRequest) => Promise<Education>,
) {
  const reported: unknown[] = [];
  const actor = createActor(
    educationFormMachine.provide({
      actors: {
        loadForm: fromPromise(() =>
          Promise.resolve({
            countries: [],
            partners: [],
            users: [],
            education: null,
            userIds: [],
            ...data,
          }),
        ),
        createEducation: fromPromise<Education, CreateEducationRequest>(({ input }) =>
          createEducation(input),
        ),
        updateEducation: fromPromise(() => Promise.resolve({ ...STORED, title: 'Uređena' })),
        uploadVideo: fromCallback(() => undefined),
        findPreviousUpload: fromPromise(() => Promise.resolve(false)),
      },
      actions: { reportError: (_, error) => void reported.push(error) },
    }),
    { input: { educationId, currentUser: ADMIN } },
  ).start();
  return { actor, reported };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the form machine at its edges', () => {
  it('starts with nothing loaded', () => {
    const { actor } = startForm(null, {}, () => new Promise(() => undefined));
    expect(actor.getSnapshot().context).toMatchObject({
      countries: [],
      partners: [],
      users: [],
      savedUserIds: [],
      resumeUpload: false,
    });
  });

  it('create mode never takes over an education the loader happens to answer', async () => {
    const { actor } = startForm(
      null,
      { education: anEducation({ id: 3, title: 'Endodoncija' }), userIds: [7] },
      () => new Promise(() => undefined),
    );
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ title: '', userIds: [], savedUserIds: [] });
  });

  it('restricting keeps users already chosen; opening to all clears them', async () => {
    const { actor } = startForm(null, {}, () => new Promise(() => undefined));
    await settle();
    actor.send({ type: 'EDIT', values: { userIds: [5] } });
    actor.send({ type: 'EDIT', values: { restricted: true } });
    expect(actor.getSnapshot().context.userIds).toEqual([5]);
    actor.send({ type: 'EDIT', values: { restricted: false } });
    expect(actor.getSnapshot().context.userIds).toEqual([]);
  });

  it('editing a field clears its messages only: the video fields together, the users with the switch', async () => {
    const { actor } = startForm(null, {}, () => new Promise(() => undefined));
    await settle();
    actor.send({ type: 'EDIT', values: { videoSource: 'url', restricted: true } });
    actor.send({ type: 'EDIT', values: { userIds: [] } });
    actor.send({ type: 'SUBMIT' });
    const fields = () => Object.keys(actor.getSnapshot().context.errors).sort();
    expect(fields()).toEqual([
      'description',
      'lecturer',
      'partnerId',
      'title',
      'userIds',
      'videoUrl',
    ]);
    actor.send({ type: 'EDIT', values: { videoSource: 'url' } });
    expect(fields()).toEqual(['description', 'lecturer', 'partnerId', 'title', 'userIds']);
    actor.send({ type: 'EDIT', values: { restricted: true } });
    expect(fields()).toEqual(['description', 'lecturer', 'partnerId', 'title']);
  });

  it("a failed create that is no field error reports it and shows no field's message", async () => {
    const failure = new ApiError(500, { errors: ['Internal error.'] });
    const { actor, reported } = startForm(null, {}, () => Promise.reject(failure));
    await settle();
    actor.send({ type: 'EDIT', values: valid });
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(reported).toEqual([failure]);
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('editing mode: the restriction switch clears the message about its users', async () => {
    const { actor } = startForm(12, { education: STORED }, () => new Promise(() => undefined));
    await settle();
    actor.send({ type: 'EDIT', values: { restricted: true } });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ userIds: [text.usersRequired] });
    actor.send({ type: 'EDIT', values: { restricted: true } });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('the upload phase while paused, and none while editing', async () => {
    const { actor } = startForm(null, {}, () => new Promise(() => undefined));
    await settle();
    actor.send({
      type: 'EDIT',
      values: { ...valid, videoSource: 'file', video: new File([new Uint8Array(4)], 'v.mp4') },
    });
    expect(selectUploadPhase(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'SUBMIT' });
    expect(selectUploadPhase(actor.getSnapshot())).toBe('checking');
    await settle();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('running');
    actor.send({ type: 'PAUSE' });
    expect(selectUploadPhase(actor.getSnapshot())).toBe('paused');
  });
});

describe('the upload numbers at zero', () => {
  it('nothing to send yet is 0 percent, not a division by zero', () => {
    expect(uploadStatus(null, null)).toEqual({
      percent: 0,
      sentMegabytes: '0,0',
      totalMegabytes: '0,0',
      secondsLeft: null,
    });
  });

  it('no time left is known from a first progress report, however many bytes it says', () => {
    const mib = 1024 * 1024;
    const first = { bytesSent: 8 * mib, bytesTotal: 10 * mib, at: 500, startedAt: 500 };
    expect(uploadStatus({ ...first, bytesAtStart: 0 }, null).secondsLeft).toBeNull();
  });
});

describe('the users the restriction offers', () => {
  it('adds the person filling the form when the list lacks them, once', () => {
    const other = { id: 9, name: 'Iva', surname: 'Kovač', email: 'iva@primjer.hr' };
    expect(userOptions([other], ADMIN)).toEqual([ADMIN, other]);
    expect(userOptions([other, ADMIN], ADMIN)).toEqual([other, ADMIN]);
  });
});
