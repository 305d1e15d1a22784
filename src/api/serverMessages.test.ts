/**
 * Each server message the client reacts to (SERVER_MESSAGES) reaches its Croatian text of SPEC 8
 * through the mapping the client itself uses, built as the server builds it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { invitationProblem, registrationErrors } from '../machines/activation.machine.ts';
import { serverFieldErrors } from '../machines/courseForm.rules.ts';
import { inviteErrorText } from '../machines/invite.machine.ts';
import { loginErrorText } from '../machines/login.machine.ts';
import { peopleFailureText } from '../machines/people.machine.ts';
import { newPasswordMachine } from '../machines/newPassword.machine.ts';
import {
  deleteProblem,
  errorMessages as partnerErrorMessages,
  partnerFailure,
} from '../machines/partnerForm.rules.ts';
import { creationProblem, imageUploadProblem } from '../machines/newsletterForm.rules.ts';
import { subscriptionFailureText } from '../machines/newsletterSubscription.machine.ts';
import { passwordMessageText } from '../machines/passwordRules.ts';
import { unsubscribeMachine, type Notice } from '../machines/unsubscribe.machine.ts';
import { activationMessages } from '../messages/activation.ts';
import { courseFormMessages } from '../messages/courseForm.ts';
import { inviteMessages } from '../messages/invite.ts';
import { loginMessages } from '../messages/login.ts';
import { newPasswordMessages } from '../messages/newPassword.ts';
import { newsletterMessages } from '../messages/newsletter.ts';
import { newsletterFormMessages } from '../messages/newsletterForm.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { passwordRulesMessages } from '../messages/passwordRules.ts';
import { unsubscribeMessages } from '../messages/unsubscribe.ts';
import { createApiClient } from './client.ts';
import { COURSE_RULES, INVALID_REFRESH_TOKEN, PARTNER_RULES } from './contract.ts';
import { SERVER_MESSAGES, isServerMessage } from './serverMessages.ts';
import { ApiError, AuthInvalidError } from './errors.ts';

const domainError = (status: number, message: string) =>
  new ApiError(status, { errors: [message] });
const fieldError = (field: string, message: string) =>
  new ApiError(400, { errors: { [field]: [message] } });

async function refreshAnswer(message: string) {
  const api = createApiClient({
    baseURL: 'http://test/api/v1',
    session: { getTokens: () => null, onTokensRefreshed: () => {}, onAuthExpired: () => {} },
    fetch: async () =>
      new Response(JSON.stringify({ errors: [message] }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
  });
  return api.post('/users/refresh-token', { refreshToken: 'r' }).catch((error: unknown) => error);
}

async function newPasswordOutcome(message: string) {
  const notices: string[] = [];
  const actor = createActor(
    newPasswordMachine.provide({
      actors: { changePassword: fromPromise(() => Promise.reject(domainError(400, message))) },
      actions: { notifyExpired: (_, text) => notices.push(text) },
    }),
    { input: { resetToken: 't' } },
  ).start();
  actor.send({ type: 'CHANGE_PASSWORD', value: 'Dobra-Lozinka-1' });
  actor.send({ type: 'CHANGE_CONFIRMATION', value: 'Dobra-Lozinka-1' });
  actor.send({ type: 'SUBMIT' });
  await toPromise(actor);
  return notices;
}

async function unsubscribeNotices(message: string) {
  const notices: Notice[] = [];
  const actor = createActor(
    unsubscribeMachine.provide({
      actors: { unsubscribe: fromPromise(() => Promise.reject(domainError(404, message))) },
      actions: { notify: (_, notice) => notices.push(notice) },
    }),
    {
      input: {
        campaign: 'katalozi',
        email: 'ana@primjer.hr',
        unsubscribeToken: 't',
        supportEmail: 'podrska@dentalia.hr',
      },
    },
  ).start();
  await toPromise(actor);
  return notices;
}

const PDF_MAX_MB = COURSE_RULES.pdfMaxBytes / (1024 * 1024);
const courseText = (field: string, message: string) =>
  Object.values(serverFieldErrors(fieldError(field, message)) ?? {}).flat();

const partnerText = (field: string, message: string) =>
  partnerErrorMessages(partnerFailure(fieldError(field, message)));

/** Per message: what the client makes of it, next to what SPEC 8 says it should be. */
const CASES: Record<keyof typeof SERVER_MESSAGES, () => Promise<[unknown, unknown]>> = {
  invitationExpired: async () => [
    [
      invitationProblem(domainError(400, SERVER_MESSAGES.invitationExpired)).text,
      registrationErrors(domainError(400, SERVER_MESSAGES.invitationExpired)).form?.[0],
    ],
    [activationMessages.expired, activationMessages.expired],
  ],
  invitationRevoked: async () => [
    invitationProblem(domainError(410, SERVER_MESSAGES.invitationRevoked)),
    { text: activationMessages.revoked, askForNew: true },
  ],
  accountDeactivated: async () => [
    loginErrorText(domainError(403, SERVER_MESSAGES.accountDeactivated)),
    loginMessages.deactivated,
  ],
  invalidResetToken: async () => [
    await newPasswordOutcome(SERVER_MESSAGES.invalidResetToken),
    [newPasswordMessages.tokenExpired],
  ],
  alreadyInvited: async () => [
    inviteErrorText(domainError(409, SERVER_MESSAGES.alreadyInvited('ana@primjer.hr'))),
    inviteMessages.alreadyInvited,
  ],
  alreadyRegistered: async () => [
    inviteErrorText(domainError(409, SERVER_MESSAGES.alreadyRegistered('ana@primjer.hr'))),
    inviteMessages.alreadyRegistered,
  ],
  staffDomainRequired: async () => [
    [
      inviteErrorText(fieldError('Email', SERVER_MESSAGES.staffDomainRequired('dentalia.hr'))),
      // A role change of the `Korisnici` list (issue 29): the same rule, on its `role` field.
      peopleFailureText(fieldError('role', SERVER_MESSAGES.staffDomainRequired('dentalia.hr'))),
    ],
    [inviteMessages.staffDomain('dentalia.hr'), inviteMessages.staffDomain('dentalia.hr')],
  ],
  alreadySubscribed: async () => [
    subscriptionFailureText(
      domainError(409, SERVER_MESSAGES.alreadySubscribed('ana@primjer.hr', 'Catalogs')),
    ),
    newsletterMessages.alreadySubscribed,
  ],
  notSubscribed: async () => [
    await unsubscribeNotices(SERVER_MESSAGES.notSubscribed('ana@primjer.hr', 'Catalogs')),
    [{ tone: 'success', text: unsubscribeMessages.alreadyUnsubscribed }],
  ],
  passwordTooShort: async () => [
    registrationErrors(fieldError('Password', SERVER_MESSAGES.passwordTooShort(8))),
    { password: [passwordRulesMessages.minLength], form: [activationMessages.checkAgain] },
  ],
  passwordNeedsLowercase: async () => [
    passwordMessageText(SERVER_MESSAGES.passwordNeedsLowercase),
    passwordRulesMessages.lowercase,
  ],
  passwordNeedsUppercase: async () => [
    passwordMessageText(SERVER_MESSAGES.passwordNeedsUppercase),
    passwordRulesMessages.uppercase,
  ],
  passwordNeedsDigit: async () => [
    passwordMessageText(SERVER_MESSAGES.passwordNeedsDigit),
    passwordRulesMessages.digit,
  ],
  passwordNeedsSpecial: async () => [
    passwordMessageText(SERVER_MESSAGES.passwordNeedsSpecial),
    passwordRulesMessages.special,
  ],
  commonPassword: async () => [
    passwordMessageText(SERVER_MESSAGES.commonPassword),
    passwordRulesMessages.common,
  ],
  passwordTooLong: async () => [
    passwordMessageText(SERVER_MESSAGES.passwordTooLong(1024)),
    passwordRulesMessages.tooLong,
  ],
  required: async () => [
    courseText('Lecturer', SERVER_MESSAGES.required('Lecturer')),
    [courseFormMessages.lecturerRequired],
  ],
  courseDatesRequired: async () => [
    courseText('StartDate', SERVER_MESSAGES.courseDatesRequired),
    [courseFormMessages.datesRequired],
  ],
  notAnInstant: async () => [
    courseText('EndDate', SERVER_MESSAGES.notAnInstant('EndDate')),
    [courseFormMessages.datesRequired],
  ],
  courseStartInPast: async () => [
    courseText('StartDate', SERVER_MESSAGES.courseStartInPast),
    [courseFormMessages.startInFuture],
  ],
  courseStartAfterEnd: async () => [
    courseText('StartDate', SERVER_MESSAGES.courseStartAfterEnd),
    [courseFormMessages.startBeforeEnd],
  ],
  courseStartEqualsEnd: async () => [
    courseText('EndDate', SERVER_MESSAGES.courseStartEqualsEnd),
    [courseFormMessages.sameStartAndEnd],
  ],
  coursePriceInvalid: async () => [
    courseText('Price', SERVER_MESSAGES.coursePriceInvalid(1_000_000)),
    [courseFormMessages.priceInvalid],
  ],
  countryNotOffered: async () => [
    courseText('CountryIsoCode', SERVER_MESSAGES.countryNotOffered('XX')),
    [courseFormMessages.countryUnavailable],
  ],
  courseImageRequired: async () => [
    courseText('Image', SERVER_MESSAGES.courseImageRequired),
    [courseFormMessages.imageRequired],
  ],
  fileTooLarge: async () => [
    courseText('Pdf', SERVER_MESSAGES.fileTooLarge('Pdf', `${PDF_MAX_MB} MB`)),
    [courseFormMessages.pdfTooLarge(PDF_MAX_MB)],
  ],
  fileNotAllowed: async () => [
    [
      ...courseText('Pdf', SERVER_MESSAGES.fileNotAllowed('Pdf', 'a PDF document')),
      ...courseText('Image', SERVER_MESSAGES.fileNotAllowed('Image', 'a JPEG, PNG or WebP image')),
    ],
    [courseFormMessages.pdfType, courseFormMessages.imageType],
  ],
  imageUnreadable: async () => [
    courseText('Image', SERVER_MESSAGES.imageUnreadable('Image')),
    [courseFormMessages.imageType],
  ],
  tooLong: async () => [
    [
      ...partnerText('Name', SERVER_MESSAGES.tooLong('Name', PARTNER_RULES.nameMaxLength)),
      ...partnerText(
        'WebsiteUrl',
        SERVER_MESSAGES.tooLong('WebsiteUrl', PARTNER_RULES.websiteUrlMaxLength),
      ),
    ],
    [
      partnerFormMessages.nameTooLong(PARTNER_RULES.nameMaxLength),
      partnerFormMessages.websiteTooLong(PARTNER_RULES.websiteUrlMaxLength),
    ],
  ],
  partnerNameTaken: async () => [
    partnerErrorMessages(
      partnerFailure(domainError(409, SERVER_MESSAGES.partnerNameTaken('Nordentis'))),
    ),
    [partnerFormMessages.nameTaken],
  ],
  websiteUrlScheme: async () => [
    partnerText('WebsiteUrl', SERVER_MESSAGES.websiteUrlScheme),
    [partnerFormMessages.websiteScheme],
  ],
  websiteUrlInvalid: async () => [
    partnerText('WebsiteUrl', SERVER_MESSAGES.websiteUrlInvalid),
    [partnerFormMessages.websiteInvalid],
  ],
  newsletterTaken: async () => [
    creationProblem(domainError(409, SERVER_MESSAGES.newsletterTaken)),
    newsletterFormMessages.duplicate,
  ],
  newsletterImageRequired: async () => [
    imageUploadProblem(fieldError('ProductImage', SERVER_MESSAGES.newsletterImageRequired)),
    newsletterFormMessages.reuploadImages,
  ],
  newsletterScheduledInPast: async () => [
    creationProblem(fieldError('scheduledAt', SERVER_MESSAGES.newsletterScheduledInPast)),
    newsletterFormMessages.dateInFuture,
  ],
  newsletterScheduledTooLate: async () => [
    creationProblem(fieldError('scheduledAt', SERVER_MESSAGES.newsletterScheduledTooLate)),
    newsletterFormMessages.dateTooLate,
  ],
  newsletterScheduledAtInvalid: async () => [
    creationProblem(fieldError('scheduledAt', SERVER_MESSAGES.newsletterScheduledAtInvalid)),
    newsletterFormMessages.dateRequired,
  ],
  newsletterPriceInvalid: async () => [
    creationProblem(fieldError('listValues[0].price', SERVER_MESSAGES.newsletterPriceInvalid)),
    newsletterFormMessages.priceFormat,
  ],
  newsletterProductsRequired: async () => [
    creationProblem(fieldError('listValues', SERVER_MESSAGES.newsletterProductsRequired)),
    newsletterFormMessages.productsRequired,
  ],
  partnerInUse: async () => [
    deleteProblem(domainError(409, SERVER_MESSAGES.partnerInUse(2, "'Implantati', 'Endodoncija'"))),
    { text: partnerFormMessages.inUse(2, "'Implantati', 'Endodoncija'"), inUse: true },
  ],
  partnerReassignTargetMissing: async () => [
    deleteProblem(fieldError('reassignTo', SERVER_MESSAGES.partnerReassignTargetMissing(7))),
    { text: partnerFormMessages.reassignTargetGone, inUse: true },
  ],
  newsletterNotEditable: async () => [
    creationProblem(domainError(409, SERVER_MESSAGES.newsletterNotEditable)),
    newsletterFormMessages.notEditable,
  ],
};

describe('the server messages of the wire contract', () => {
  it('the refresh token message raises the auth-invalid error (SPEC 8 "Generic")', async () => {
    expect(await refreshAnswer(INVALID_REFRESH_TOKEN)).toBeInstanceOf(AuthInvalidError);
  });

  it.each(Object.entries(CASES))('%s reaches its Croatian text', async (_, run) => {
    const [actual, expected] = await run();
    expect(actual).toEqual(expected);
  });

  it('reads the values back out of a message built by a template', () => {
    const message = SERVER_MESSAGES.alreadySubscribed('ana.horvat@primjer.hr', 'Courses');
    expect(message).toBe('ana.horvat@primjer.hr is already subscribed to campaign Courses');
    expect(SERVER_MESSAGES.alreadySubscribed.match(message)).toEqual({
      email: 'ana.horvat@primjer.hr',
      campaign: 'Courses',
    });
  });

  it('tells a message of another template or text apart', () => {
    const notSubscribed = SERVER_MESSAGES.notSubscribed('ana@primjer.hr', 'Courses');
    expect(SERVER_MESSAGES.alreadySubscribed.match(notSubscribed)).toBeNull();
    expect(SERVER_MESSAGES.alreadySubscribed.match(undefined)).toBeNull();
    expect(
      isServerMessage(`${SERVER_MESSAGES.invitationExpired} `, 'Invitation token expired.'),
    ).toBe(false);
    // Special characters of the text are literal, not a pattern: '.' is not any character.
    expect(SERVER_MESSAGES.required.match('Title must not be emptyX')).toBeNull();
  });

  it('compares a plain message whole: a part of it, or no message, is not it', () => {
    expect(isServerMessage('token', SERVER_MESSAGES.invitationExpired)).toBe(false);
    expect(isServerMessage(undefined, SERVER_MESSAGES.invitationExpired)).toBe(false);
    expect(isServerMessage('Invitation token expired.', SERVER_MESSAGES.invitationExpired)).toBe(
      true,
    );
  });

  it('leaves an unknown message as sent', () => {
    expect(passwordMessageText('Password must rhyme.')).toBe('Password must rhyme.');
    expect(courseText('Title', 'Title must rhyme.')).toEqual(['Title must rhyme.']);
  });
});
