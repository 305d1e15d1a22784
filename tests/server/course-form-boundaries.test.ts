/**
 * One table of the course form's boundary values, run against both sides (docs/forms.md): the
 * browser's rules (courseForm.rules.ts) and the server's parser (server/courses/validation.ts)
 * both judge with the contract's `courseFormSchema`. Each value is refused by both, the server
 * with its English message on the field it names, the browser with SPEC's Croatian text under
 * the field the form shows it at (how the dates relate: under the end).
 */
import { describe, expect, it } from 'vitest';
import { COURSE_FIELDS as F, COURSE_RULES as RULES } from '../../src/api/contract.ts';
import { zagrebInstant } from '../../src/lib/wallTime.ts';
import {
  EMPTY_COURSE_DRAFT,
  validateCourseDraft,
  type CourseDraft,
  type CourseFormErrors,
} from '../../src/machines/courseForm.rules.ts';
import { courseFormMessages as text } from '../../src/messages/courseForm.ts';
import { parseCourseForm } from '../../server/courses/validation.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import type { ReceivedFile } from '../../server/media/upload.ts';

const NOW = new Date('2030-03-12T08:00:00Z'); // 09:00 in Zagreb.
const image = new File([new Uint8Array(8)], 'slika.png', { type: 'image/png' });
const receivedImage = { filename: 'slika.png' } as unknown as ReceivedFile;
const valid: CourseDraft = {
  ...EMPTY_COURSE_DRAFT,
  title: 'Parodontologija',
  description: 'Opis',
  lecturer: 'dr. Ana Anić',
  location: 'Zagreb',
  startDate: '2030-03-12T09:01',
  endDate: '2030-03-12T17:00',
  image,
};

type Errors = Record<string, string[]>;
/** [what, the draft's changes, the server's refusal, the browser's]. */
const BOUNDARIES: readonly [string, Partial<CourseDraft>, Errors, CourseFormErrors][] = [
  [
    'blank title',
    { title: ' \u200b ' },
    { [F.title]: [MESSAGES.required(F.title)] },
    { title: [text.titleRequired] },
  ],
  ['longest title', { title: 'a'.repeat(RULES.titleMaxLength) }, {}, {}],
  [
    'too long title (the input cannot take it; pasted or scripted, it is said in Croatian)',
    { title: 'a'.repeat(RULES.titleMaxLength + 1) },
    { [F.title]: [MESSAGES.tooLong(F.title, RULES.titleMaxLength)] },
    { title: [text.titleTooLong(RULES.titleMaxLength)] },
  ],
  ['longest lecturer', { lecturer: 'a'.repeat(RULES.lecturerMaxLength) }, {}, {}],
  [
    'too long lecturer',
    { lecturer: 'a'.repeat(RULES.lecturerMaxLength + 1) },
    { [F.lecturer]: [MESSAGES.tooLong(F.lecturer, RULES.lecturerMaxLength)] },
    { lecturer: [text.lecturerTooLong(RULES.lecturerMaxLength)] },
  ],
  ['longest location', { location: 'a'.repeat(RULES.locationMaxLength) }, {}, {}],
  [
    'too long location',
    { location: 'a'.repeat(RULES.locationMaxLength + 1) },
    { [F.location]: [MESSAGES.tooLong(F.location, RULES.locationMaxLength)] },
    { location: [text.locationTooLong(RULES.locationMaxLength)] },
  ],
  ['longest description', { description: ` ${'a'.repeat(RULES.descriptionMaxLength)} ` }, {}, {}],
  [
    'too long description',
    { description: 'a'.repeat(RULES.descriptionMaxLength + 1) },
    { [F.description]: [MESSAGES.tooLong(F.description, RULES.descriptionMaxLength)] },
    { description: [text.descriptionTooLong(RULES.descriptionMaxLength)] },
  ],
  [
    'lecturers of commas only',
    { lecturer: ' , , ' },
    { [F.lecturer]: [MESSAGES.required(F.lecturer)] },
    { lecturer: [text.lecturerRequired] },
  ],
  [
    'blank location',
    { location: '  ' },
    { [F.location]: [MESSAGES.required(F.location)] },
    { location: [text.locationRequired] },
  ],
  [
    'no start',
    { startDate: '' },
    { [F.startDate]: [MESSAGES.courseDatesRequired] },
    { startDate: [text.datesRequired] },
  ],
  [
    'no end',
    { endDate: '' },
    { [F.endDate]: [MESSAGES.courseDatesRequired] },
    { endDate: [text.datesRequired] },
  ],
  [
    'no dates (named once, under the start)',
    { startDate: '', endDate: '' },
    { [F.startDate]: [MESSAGES.courseDatesRequired], [F.endDate]: [MESSAGES.courseDatesRequired] },
    { startDate: [text.datesRequired] },
  ],
  [
    'start now',
    { startDate: '2030-03-12T09:00' },
    { [F.startDate]: [MESSAGES.courseStartInPast] },
    { startDate: [text.startInFuture] },
  ],
  [
    'start at the end',
    { endDate: valid.startDate },
    { [F.startDate]: [MESSAGES.courseStartEqualsEnd] },
    { endDate: [text.sameStartAndEnd] },
  ],
  [
    'end a minute before the start',
    { endDate: '2030-03-12T09:00' },
    { [F.startDate]: [MESSAGES.courseStartAfterEnd] },
    { endDate: [text.startBeforeEnd] },
  ],
  ['end a minute after the start', { endDate: '2030-03-12T09:02' }, {}, {}],
  [
    'start in the past and after the end, whatever else is wrong',
    { title: '', startDate: '2030-03-12T08:00', endDate: '2030-03-12T07:00' },
    {
      [F.title]: [MESSAGES.required(F.title)],
      [F.startDate]: [MESSAGES.courseStartInPast, MESSAGES.courseStartAfterEnd],
    },
    {
      title: [text.titleRequired],
      startDate: [text.startInFuture],
      endDate: [text.startBeforeEnd],
    },
  ],
  ['last minute before 2100 (UTC)', { endDate: '2100-01-01T00:59' }, {}, {}],
  [
    'end in 2100 (no Croatian text: shown as sent)',
    { endDate: '2100-01-01T01:00' },
    { [F.endDate]: [MESSAGES.courseDateOutOfRange(F.endDate)] },
    { endDate: [MESSAGES.courseDateOutOfRange(F.endDate)] },
  ],
  ['no price', { price: '' }, {}, {}],
  ['highest price, spaces around', { price: ` ${RULES.priceMax} ` }, {}, {}],
  ['free', { price: '0' }, {}, {}],
  ...(['-1', `${RULES.priceMax}.01`, '1.234', 'abc', '1,5'] as const).map(
    (price) =>
      [
        `price ${price}`,
        { price },
        { [F.price]: [MESSAGES.coursePriceInvalid(RULES.priceMax)] },
        { price: [text.priceInvalid] },
      ] satisfies [string, Partial<CourseDraft>, Errors, CourseFormErrors],
  ),
  [
    'no image',
    { image: null },
    { [F.image]: [MESSAGES.courseImageRequired] },
    { image: [text.imageRequired] },
  ],
];

function serverErrors(draft: CourseDraft): Errors {
  const instant = (wallTime: string) => zagrebInstant(wallTime)?.toISOString() ?? '';
  const fields: Record<string, string> = {
    [F.title]: draft.title,
    [F.description]: draft.description,
    [F.lecturer]: draft.lecturer,
    [F.location]: draft.location,
    [F.countryIsoCode]: draft.countryIsoCode,
    [F.startDate]: instant(draft.startDate),
    [F.endDate]: instant(draft.endDate),
    [F.price]: draft.price,
  };
  const result = parseCourseForm(
    {
      text: (name) => fields[name],
      files: draft.image ? { Image: receivedImage } : {},
      fileErrors: {},
    },
    NOW,
    (isoCode) => isoCode === 'HR',
  );
  return result.ok ? {} : result.errors;
}

describe('the course form refuses the same boundary values on both sides', () => {
  it('accepts the valid draft on both sides', () => {
    expect(validateCourseDraft(valid, NOW)).toEqual({});
    expect(serverErrors(valid)).toEqual({});
  });

  it.each(BOUNDARIES)('%s', (_what, changes, server, browser) => {
    const draft = { ...valid, ...changes };
    expect(serverErrors(draft)).toEqual(server);
    expect(validateCourseDraft(draft, NOW)).toEqual(browser);
  });

  it('leaves the offered countries to the server, which knows them', () => {
    const draft = { ...valid, countryIsoCode: 'xx' };
    expect(serverErrors(draft)).toEqual({ [F.countryIsoCode]: [MESSAGES.countryNotOffered('XX')] });
    expect(validateCourseDraft(draft, NOW)).toEqual({});
  });
});
