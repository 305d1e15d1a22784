/**
 * The forms judge free text as the server stores it (src/api/text.ts, issue 25): a field of only
 * invisible characters (zero-width spaces, bidi overrides, controls) is empty and gets the form's
 * Croatian "required" text before anything is sent, and what is sent is the cleaned text.
 */
import { describe, expect, it } from 'vitest';
import {
  createCourseRequest,
  EMPTY_COURSE_DRAFT,
  validateCourseDraft,
  type CourseDraft,
} from '../../src/machines/courseForm.rules.ts';
import {
  EMPTY_EDUCATION_DRAFT,
  validateEducationDraft,
  type EducationDraft,
} from '../../src/machines/educationForm.rules.ts';
import { inviteRequest } from '../../src/machines/invite.machine.ts';
import {
  errorMessages as newsletterErrorMessages,
  validateNewsletter,
} from '../../src/machines/newsletterForm.rules.ts';
import { validatePartnerDraft } from '../../src/machines/partnerForm.rules.ts';
import { validateProductDraft } from '../../src/machines/productStrip.rules.ts';
import { messages } from '../../src/messages.ts';

const INVISIBLE = '\u200b\u202e\u0000\u2066\ufeff';
const NEXT_YEAR = new Date().getFullYear() + 1;
const now = new Date(`${NEXT_YEAR}-01-01T00:00:00Z`);
const image = new File(['x'], 'slika.png', { type: 'image/png' });

describe('the course form', () => {
  const valid: CourseDraft = {
    ...EMPTY_COURSE_DRAFT,
    title: 'Endodoncija',
    description: 'Opis',
    lecturer: 'dr. Ana Anić',
    location: 'Zagreb',
    startDate: `${NEXT_YEAR}-03-12T09:00`,
    endDate: `${NEXT_YEAR}-03-12T17:00`,
    image,
  };
  const text = messages.courseForm;

  it.each([
    ['title', text.titleRequired],
    ['description', text.descriptionRequired],
    ['lecturer', text.lecturerRequired],
    ['location', text.locationRequired],
  ] as const)('requires the %s: invisible characters are not enough', (field, message) => {
    expect(validateCourseDraft({ ...valid, [field]: INVISIBLE }, now)).toEqual({
      [field]: [message],
    });
  });

  it('counts the description without its invisible characters, and sends it cleaned', () => {
    const description = `${INVISIBLE}${'a'.repeat(10_000)}\n${INVISIBLE}`;
    expect(validateCourseDraft({ ...valid, description }, now)).toEqual({});
    const request = createCourseRequest({
      ...valid,
      title: `Endo${INVISIBLE}doncija`,
      description: 'Prvi red\r\n\u202eDrugi red',
    });
    expect(request).toMatchObject({ title: 'Endodoncija', description: 'Prvi red\nDrugi red' });
  });
});

describe('the education form', () => {
  const valid: EducationDraft = {
    ...EMPTY_EDUCATION_DRAFT,
    title: 'Implantologija',
    description: 'Snimka predavanja',
    lecturer: 'dr. Ana Horvat',
    partnerId: '3',
    videoSource: 'url',
    videoUrl: 'https://primjer.hr/video.mp4',
  };
  const text = messages.educationAdmin;

  it.each([
    ['title', text.titleInvalid],
    ['description', text.descriptionIncomplete],
    ['lecturer', text.lecturerInvalid],
  ] as const)('refuses a %s of invisible characters', (field, message) => {
    expect(validateEducationDraft({ ...valid, [field]: `a${INVISIBLE}` }, true, now)).toEqual({
      [field]: [message],
    });
  });
});

describe('the other forms', () => {
  it('requires a partner name and a product name that shows', () => {
    const partner = validatePartnerDraft({
      name: INVISIBLE,
      websiteUrl: 'https://adria.example',
      logo: image,
    });
    expect(partner).toEqual({ name: [messages.partnerForm.allRequired] });
    expect(validateProductDraft({ name: INVISIBLE, image, isHighlighted: false })).toEqual({
      name: [messages.productStrip.nameRequired],
    });
  });

  it('requires a newsletter subject, body and product title that show', () => {
    const problems = newsletterErrorMessages(
      validateNewsletter(
        {
          campaign: 'catalogs',
          subject: INVISIBLE,
          scheduledAt: `${NEXT_YEAR}-03-12T09:00`,
          body: `\n${INVISIBLE}\n`,
        },
        [{ key: 1, title: INVISIBLE, price: '12.50 €', image, imageUrl: null }],
        now,
      ),
    );
    const text = messages.newsletterForm;
    expect(problems).toEqual([text.subjectRequired, text.bodyRequired, text.productsIncomplete]);
  });

  it('invites with no name rather than an invisible one', () => {
    expect(
      inviteRequest({
        gender: '',
        firstName: INVISIBLE,
        lastName: ` Ho${INVISIBLE}rvat `,
        email: 'nova@example.com',
        role: 'user',
      }),
    ).toMatchObject({ firstName: null, lastName: 'Horvat' });
  });
});
