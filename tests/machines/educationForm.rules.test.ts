/**
 * The education form's rules at their edges (SPEC 5, 6 and 9), driven directly: the model-based
 * test walks the flow with one valid and one empty draft, which never reaches a boundary.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zagrebMonth } from '../../src/lib/month.ts';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Education } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EDUCATION_SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import type { CreateEducationRequest } from '../../src/api/educationRequests.ts';
import { educationFormMachine } from '../../src/machines/educationForm.machine.ts';
import {
  EMPTY_EDUCATION_DRAFT,
  errorMessages,
  formatDuration,
  serverFieldErrors,
  uploadFailureText,
  uploadStatus,
  validateEducationDraft,
  type EducationDraft,
  type EducationFormData,
  type SaveEducationRequest,
} from '../../src/machines/educationForm.rules.ts';
import { messages } from '../../src/messages.ts';
import { anEducation } from '../support/educations.ts';

const text = messages.educationAdmin;
const NOW = new Date('2026-11-30T23:30:00Z'); // Already 1 December in Zagreb.
const valid: EducationDraft = {
  ...EMPTY_EDUCATION_DRAFT,
  title: 'abc',
  description: 'abcde',
  lecturer: 'ab',
  partnerId: '3',
  videoSource: 'url',
  videoUrl: 'https://primjer.hr/video.mp4',
};
const problems = (draft: Partial<EducationDraft>, creating = true) =>
  errorMessages(validateEducationDraft({ ...valid, ...draft }, creating, NOW));

afterEach(() => vi.useRealTimers());

/** An education showing a video-sharing site's video (no stream), as edit mode loads it. */
const siteEducation = anEducation({
  id: 12,
  title: 'Implantologija',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
});

describe('education form rules at their edges', () => {
  it('a title longer than 2 characters (trimmed)', () => {
    expect(problems({ title: 'ab' })).toEqual([text.titleInvalid]);
    expect(problems({ title: '  ab  ' })).toEqual([text.titleInvalid]);
    expect(problems({ title: 'abc' })).toEqual([]);
  });

  it('a description of at least 5 characters', () => {
    expect(problems({ description: 'abcd' })).toEqual([text.descriptionIncomplete]);
    expect(problems({ description: 'abcde' })).toEqual([]);
  });

  it('a lecturer longer than 1 character', () => {
    expect(problems({ lecturer: 'a' })).toEqual([text.lecturerInvalid]);
    expect(problems({ lecturer: 'ab' })).toEqual([]);
  });

  it('a recording month of this month (in Zagreb) at the latest', () => {
    expect(zagrebMonth(NOW)).toBe('2026-12');
    expect(problems({ recordingMonth: '2026-12' })).toEqual([]);
    expect(problems({ recordingMonth: '2027-01' })).toEqual([text.recordingInFuture]);
    expect(problems({ recordingMonth: '' })).toEqual([]);
  });

  it('the maximum lengths of the contract', () => {
    expect(problems({ title: 'a'.repeat(200) })).toEqual([]);
    expect(problems({ title: 'a'.repeat(201) })).toEqual([text.tooLong(text.titleLabel, 200)]);
    expect(problems({ subtitleLanguage: 'a'.repeat(101) })).toEqual([
      text.tooLong(text.subtitleLanguage, 100),
    ]);
  });

  it('restricting needs at least one user; open to all needs none', () => {
    expect(problems({ restricted: true, userIds: [] })).toEqual([text.usersRequired]);
    expect(problems({ restricted: true, userIds: [7] })).toEqual([]);
    expect(problems({ restricted: false, userIds: [] })).toEqual([]);
  });

  it('the video: a URL of http or https in URL mode, a file in file mode; editing keeps the stored video without a file', () => {
    expect(problems({ videoUrl: ' ' })).toEqual([text.videoUrlRequired]);
    expect(problems({ videoUrl: 'ftp://primjer.hr/v.mp4' })).toEqual([text.videoUrlInvalid]);
    expect(problems({ videoSource: 'file', video: null })).toEqual([text.videoFileRequired]);
    expect(problems({ partnerId: '' })).toEqual([text.partnerRequired]);
    // Issue 29: an edit judges the partner and the address too (they are sent when changed);
    // file mode without a new file keeps the video as it is.
    expect(problems({ partnerId: '', videoUrl: '' }, false)).toEqual([
      text.partnerRequired,
      text.videoUrlRequired,
    ]);
    expect(problems({ videoUrl: 'ftp://primjer.hr/v.mp4' }, false)).toEqual([text.videoUrlInvalid]);
    expect(problems({ videoSource: 'file', video: null }, false)).toEqual([]);
  });
});

describe('what the form sends', () => {
  function start(educationId: number | null, data: Partial<EducationFormData> = {}) {
    const created: CreateEducationRequest[] = [];
    const saved: SaveEducationRequest[] = [];
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
          createEducation: fromPromise<Education, CreateEducationRequest>(({ input }) => {
            created.push(input);
            return Promise.resolve(anEducation({ id: 1, title: input.title }));
          }),
          updateEducation: fromPromise<Education, SaveEducationRequest>(({ input }) => {
            saved.push(input);
            return Promise.resolve({
              ...siteEducation,
              id: input.id,
              title: input.patch.title ?? 'Uređena',
            });
          }),
          uploadVideo: fromCallback(() => undefined),
          findPreviousUpload: fromPromise(() => Promise.resolve(false)),
        },
      }),
      { input: { educationId, currentUser: { id: 1, name: 'A', surname: 'B', email: 'a@b.hr' } } },
    ).start();
    return { actor, created, saved };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('restricting a new education with nobody chosen sends the administrator alone (SPEC 6)', async () => {
    const form = start(null);
    await settle();
    form.actor.send({ type: 'EDIT', values: { ...valid, restricted: true } });
    form.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(form.created.map((request) => request.initialAccessUserIds)).toEqual([[1]]);
  });

  it('editing an education open to all never pre-selects anyone', async () => {
    const form = start(12, { education: anEducation({ id: 12, title: 'Implantologija' }) });
    await settle();
    form.actor.send({ type: 'EDIT', values: { restricted: true } });
    expect(form.actor.getSnapshot().context.userIds).toEqual([]);
  });

  it('sends the rights only when the set of users changed, whatever its order', async () => {
    const form = start(12, {
      education: siteEducation,
      userIds: [7, 8],
    });
    await settle();
    form.actor.send({ type: 'EDIT', values: { userIds: [8, 7] } });
    form.actor.send({ type: 'SUBMIT' });
    await settle();
    form.actor.send({ type: 'EDIT', values: { userIds: [8] } });
    form.actor.send({ type: 'SUBMIT' });
    await settle();
    expect(form.saved.map((request) => request.userIds)).toEqual([null, [8]]);
  });
});

describe('the upload numbers', () => {
  it('percent, megabytes and the time left at the rate of this run', () => {
    const file = new File([new Uint8Array(10)], 'v.mp4');
    expect(uploadStatus(null, file)).toEqual({
      percent: 0,
      sentMegabytes: '0,0',
      totalMegabytes: '0,0',
      secondsLeft: null,
    });
    const mib = 1024 * 1024;
    expect(
      uploadStatus(
        {
          bytesSent: 60 * mib,
          bytesTotal: 100 * mib,
          at: 30_000,
          startedAt: 0,
          bytesAtStart: 30 * mib,
        },
        null,
      ),
    ).toEqual({ percent: 60, sentMegabytes: '60,0', totalMegabytes: '100,0', secondsLeft: 40 });
    expect(formatDuration(40)).toBe('0:40');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe("the server's refusals of a video, in Croatian under the video field", () => {
  const M = EDUCATION_SERVER_MESSAGES;
  it.each([
    ['VideoUploadId', M.videoEmpty('VideoUploadId'), text.videoEmpty],
    ['Video', M.videoAudioOnly('Video'), text.videoAudioOnly],
    ['VideoUploadId', M.videoImageOnly('VideoUploadId'), text.videoImageOnly],
    ['Video', M.videoUndecodable('Video'), text.videoUndecodable],
    ['Video', M.videoNotAllowed('Video'), text.videoType],
  ])('%s: %s', (field, message, croatian) => {
    const refused = new ApiError(400, { errors: { [field]: [message] } });
    expect(serverFieldErrors(refused)).toEqual({ video: [croatian] });
  });
});

describe("the server's refusal of a deactivated account's access, in Croatian under the users", () => {
  it.each(['userIds', 'InitialAccessUserIds'])('%s', (field) => {
    const message = EDUCATION_SERVER_MESSAGES.accessUserDeactivated(31);
    const refused = new ApiError(400, { errors: { [field]: [message] } });
    expect(serverFieldErrors(refused)).toEqual({ userIds: [text.accessUserDeactivated] });
  });
});

describe('what a failed upload shows', () => {
  const refusal = (status: number, message: string) => new ApiError(status, { errors: [message] });
  const { tooManyUnfinishedUploads, uploadDiskFull } = EDUCATION_SERVER_MESSAGES;

  it('the cap of unfinished uploads, with the number the server counts to', () => {
    expect(uploadFailureText(refusal(429, tooManyUnfinishedUploads(5)))).toBe(
      text.tooManyUnfinishedUploads(5),
    );
    expect(text.tooManyUnfinishedUploads(7)).toContain('Imate 7 nedovršenih prijenosa videa');
  });

  it('a full disk on the server', () => {
    expect(uploadFailureText(refusal(507, uploadDiskFull))).toBe(text.uploadDiskFull);
  });

  it('a file whose first bytes are no video, ended by the server at its first piece', () => {
    const { uploadNotAVideo } = EDUCATION_SERVER_MESSAGES;
    expect(uploadFailureText(refusal(415, uploadNotAVideo))).toBe(text.uploadNotAVideo);
    expect(uploadFailureText(refusal(400, uploadNotAVideo))).toBe(text.uploadFailed);
  });

  it('anything else as a failed transfer, also those messages under another status', () => {
    expect(uploadFailureText(refusal(400, tooManyUnfinishedUploads(5)))).toBe(text.uploadFailed);
    expect(uploadFailureText(refusal(429, 'Too many requests. Please try again later.'))).toBe(
      text.uploadFailed,
    );
    expect(uploadFailureText(refusal(500, uploadDiskFull))).toBe(text.uploadFailed);
    expect(uploadFailureText(new ApiError(507, null))).toBe(text.uploadFailed);
    expect(uploadFailureText(new Error('tus: failed to upload chunk'))).toBe(text.uploadFailed);
  });
});
