/**
 * One table of the education form's boundary values, run against both sides (docs/forms.md): the
 * browser's rules (educationForm.rules.ts) and the server's parser (server/educations/
 * validation.ts) must refuse exactly the same values, each on the same field. Both read their
 * limits from EDUCATION_RULES; this proves they also apply them the same way.
 */
import { describe, expect, it } from 'vitest';
import { zagrebMonth } from '../../src/lib/month.ts';
import { EDUCATION_FIELDS as F, EDUCATION_RULES as RULES } from '../../src/api/contract.ts';
import {
  EMPTY_EDUCATION_DRAFT,
  validateEducationDraft,
  type EducationDraft,
  type EducationDraftField,
} from '../../src/machines/educationForm.rules.ts';
import { parseEducationForm } from '../../server/educations/validation.ts';

const NOW = new Date('2026-11-30T23:30:00Z'); // Already December in Zagreb.
const THIS_MONTH = zagrebMonth(NOW);

const valid: EducationDraft = {
  ...EMPTY_EDUCATION_DRAFT,
  title: 'abc',
  description: 'abcde',
  lecturer: 'ab',
  partnerId: '3',
  videoSource: 'url',
  videoUrl: 'https://primjer.hr/video.mp4',
};

/** The request field each draft field is sent as. */
const SENT_AS = {
  title: F.title,
  description: F.description,
  lecturer: F.lecturer,
  subtitleLanguage: F.subtitleLanguage,
  recordingMonth: F.dateOfRecording,
  videoUrl: F.videoUrl,
} as const satisfies Partial<Record<EducationDraftField, string>>;
type Field = keyof typeof SENT_AS;

/** [field, value, refused?]: just inside and just outside each limit. */
const BOUNDARIES: readonly [Field, string, boolean][] = [
  ['title', 'a'.repeat(RULES.titleMinLength - 1), true],
  ['title', `  ${'a'.repeat(RULES.titleMinLength - 1)}  `, true],
  ['title', 'a'.repeat(RULES.titleMinLength), false],
  ['title', 'a'.repeat(RULES.titleMaxLength), false],
  ['title', 'a'.repeat(RULES.titleMaxLength + 1), true],
  ['description', 'a'.repeat(RULES.descriptionMinLength - 1), true],
  ['description', 'a'.repeat(RULES.descriptionMinLength), false],
  ['description', 'a'.repeat(RULES.descriptionMaxLength), false],
  ['description', 'a'.repeat(RULES.descriptionMaxLength + 1), true],
  ['lecturer', 'a'.repeat(RULES.lecturerMinLength - 1), true],
  ['lecturer', 'a'.repeat(RULES.lecturerMinLength), false],
  ['lecturer', 'a'.repeat(RULES.lecturerMaxLength), false],
  ['lecturer', 'a'.repeat(RULES.lecturerMaxLength + 1), true],
  ['subtitleLanguage', 'a'.repeat(RULES.subtitleLanguageMaxLength), false],
  ['subtitleLanguage', 'a'.repeat(RULES.subtitleLanguageMaxLength + 1), true],
  ['recordingMonth', THIS_MONTH, false],
  ['recordingMonth', '2027-01', true],
  // One rule for a video's address on both sides, the one of a partner's website.
  ['videoUrl', 'https://primjer.hr/video.mp4', false],
  ['videoUrl', ' HTTP://primjer.hr ', false],
  ['videoUrl', 'https://', true],
  ['videoUrl', 'https:primjer.hr/video.mp4', true],
  ['videoUrl', 'https://primjer.hr/a video.mp4', true],
  ['videoUrl', 'ftp://primjer.hr/video.mp4', true],
  ['videoUrl', `https://primjer.hr/${'a'.repeat(RULES.videoUrlMaxLength - 19)}`, false],
  ['videoUrl', `https://primjer.hr/${'a'.repeat(RULES.videoUrlMaxLength - 18)}`, true],
];

/** The draft as the browser sends it: the multipart text fields of POST /educations. */
function sent(draft: EducationDraft): Record<string, string> {
  return {
    [F.title]: draft.title,
    [F.description]: draft.description,
    [F.lecturer]: draft.lecturer,
    [F.dateOfRecording]: draft.recordingMonth,
    [F.countryIsoCode]: draft.countryIsoCode,
    [F.subtitleLanguage]: draft.subtitleLanguage,
    [F.partnerId]: draft.partnerId,
    [F.videoUrl]: draft.videoUrl,
  };
}

function serverRefuses(draft: EducationDraft, field: Field): boolean {
  const fields = sent(draft);
  const result = parseEducationForm(
    {
      text: (name) => fields[name],
      texts: (name) => (fields[name] ? [fields[name]] : []),
      files: {},
      fileErrors: {},
    },
    NOW,
  );
  return !result.ok && result.errors[SENT_AS[field]] !== undefined;
}

const browserRefuses = (draft: EducationDraft, field: Field) =>
  validateEducationDraft(draft, true, NOW)[field] !== undefined;

describe('the education form refuses the same boundary values on both sides', () => {
  it('accepts the valid draft on both sides', () => {
    expect(validateEducationDraft(valid, true, NOW)).toEqual({});
    expect(
      parseEducationForm(
        { text: (name) => sent(valid)[name], texts: () => [], files: {}, fileErrors: {} },
        NOW,
      ).ok,
    ).toBe(true);
  });

  it.each(BOUNDARIES)('%s %j: refused %s', (field, value, refused) => {
    const draft = { ...valid, [field]: value };
    expect(browserRefuses(draft, field)).toBe(refused);
    expect(serverRefuses(draft, field)).toBe(refused);
  });
});
