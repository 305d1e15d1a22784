/**
 * The server's messages the client reacts to, part of the wire contract (contract.ts): the server
 * sends them, the client maps them to Croatian. A module of their own keeps them out of the first
 * visit's code; only the screens that show them load it.
 */
/**
 * A server message with values in it, written once: the server builds it with the values in
 * placeholder order, the client recognises it with `match` and reads the values back.
 */
export interface MessageTemplate<Names extends readonly string[]> {
  (...values: { [Index in keyof Names]: string | number }): string;
  /** The values of a message built by this template, or null for any other message. */
  match(message: string | undefined): Record<Names[number], string> | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function messageTemplate<const Names extends readonly string[]>(
  texts: TemplateStringsArray,
  ...names: Names
): MessageTemplate<Names> {
  const pattern = new RegExp(`^${texts.map(escapeRegExp).join('(.+?)')}$`);
  const build = (...values: readonly (string | number)[]) =>
    texts.reduce((message, text, index) => `${message}${values[index - 1]}${text}`);
  return Object.assign(build, {
    match: (message: string | undefined) => {
      // Stryker disable next-line StringLiteral: no template's pattern matches any fallback text.
      const found = pattern.exec(message ?? '');
      if (!found) return null;
      return Object.fromEntries(names.map((name, index) => [name, found[index + 1]])) as Record<
        Names[number],
        string
      >;
    },
  });
}

/** Whether a message is this server message: the same text, or one built by the same template. */
export function isServerMessage(
  message: string | undefined,
  known: string | MessageTemplate<readonly string[]>,
): boolean {
  return typeof known === 'string' ? message === known : known.match(message) !== null;
}

/**
 * The server's messages the client reacts to (ARCHITECTURE.md "The wire contract"): the server
 * sends exactly these, and the client maps each to its Croatian text of SPEC 8 (src/messages.ts).
 */
export const SERVER_MESSAGES = {
  invitationExpired: 'Invitation token expired.',
  /** Staff revoked the invitation (issue 29): its link says so and whom to ask. */
  invitationRevoked: 'Invitation token revoked.',
  /** Login of an account staff deactivated (issue 29), answered after the password matched. */
  accountDeactivated: 'This account is deactivated.',
  invalidResetToken: 'Invalid or expired password reset token',
  alreadyInvited: messageTemplate`User ${'email'} is already invited.`,
  alreadyRegistered: messageTemplate`User ${'email'} is already registered.`,
  staffDomainRequired: messageTemplate`Email must belong to the domain '${'domain'}' for the selected role.`,
  alreadySubscribed: messageTemplate`${'email'} is already subscribed to campaign ${'campaign'}`,
  notSubscribed: messageTemplate`${'email'} is not subscribed to campaign ${'campaign'}`,
  // The password rules (SPEC 5), one message per broken rule.
  passwordTooShort: messageTemplate`Password must be at least ${'min'} characters long.`,
  passwordNeedsLowercase: 'Password must contain a lowercase letter.',
  passwordNeedsUppercase: 'Password must contain an uppercase letter.',
  passwordNeedsDigit: 'Password must contain a digit.',
  passwordNeedsSpecial: 'Password must contain a special character.',
  commonPassword: 'Password is too common; choose one that is harder to guess.',
  passwordTooLong: messageTemplate`Password must be at most ${'max'} characters long.`,
  // The course form's fields (SPEC 9 rules); multipart field names as in the request.
  required: messageTemplate`${'field'} must not be empty.`,
  courseDatesRequired: 'Both StartDate and EndDate must be set.',
  notAnInstant: messageTemplate`${'field'} must be an ISO 8601 date and time with a time zone, e.g. 2030-05-17T08:00:00.000Z.`,
  courseStartInPast: 'The course must start in the future.',
  courseStartAfterEnd: 'The course must start before it ends.',
  courseStartEqualsEnd:
    'The start and the end of the course must differ; give the hours of a single-day course.',
  coursePriceInvalid: messageTemplate`Price must be a number from 0 to ${'max'} with at most two decimals, or empty.`,
  countryNotOffered: messageTemplate`No courses are offered in the country '${'isoCode'}'.`,
  courseImageRequired: 'Image is required.',
  fileTooLarge: messageTemplate`The file in ${'field'} is larger than ${'size'}.`,
  fileNotAllowed: messageTemplate`${'field'} must be ${'kinds'}.`,
  imageUnreadable: messageTemplate`${'field'} is not a readable image.`,
  tooLong: messageTemplate`${'field'} must be at most ${'max'} characters long.`,
  // Partners (SPEC 5 "Partner"); field names as in the multipart request.
  partnerNameTaken: messageTemplate`A partner named '${'name'}' already exists.`,
  websiteUrlScheme: 'WebsiteUrl must start with http:// or https://.',
  websiteUrlInvalid: 'WebsiteUrl is not a valid web address.',
  /** DELETE /partners/{id} of a partner educations still use: how many, and the first titles, quoted. */
  partnerInUse: messageTemplate`The partner is used by ${'count'} education(s): ${'titles'}. Give reassignTo to move them to another partner.`,
  partnerReassignTargetMissing: messageTemplate`There is no partner with the id ${'id'} to take over the educations.`,
  // Newsletters (ARCHITECTURE.md "The wire contract"; SPEC 8 "Newsletter creation").
  newsletterTaken: 'A newsletter with this subject or template name already exists.',
  newsletterImageRequired: 'ProductImage is required.',
  newsletterScheduledInPast: 'scheduledAt must lie in the future.',
  newsletterScheduledTooLate: 'scheduledAt must lie within a year from now.',
  newsletterScheduledAtInvalid: 'scheduledAt must be an ISO 8601 instant.',
  newsletterPriceInvalid: 'price must be a price in euros, like 49,90 €.',
  newsletterProductsRequired: 'listValues must hold at least one product.',
  newsletterNotEditable: 'Only a scheduled newsletter whose sending has not begun can be changed.',
} as const;

/**
 * The education writes' messages the client reacts to (issue 13). `videoNotAllowed`,
 * `videoIncomplete`, `videoEmpty`, `videoAudioOnly`, `videoImageOnly` and `videoUndecodable` come
 * as a validation error on `Video` or `VideoUploadId` (issue 27); `videoTooLarge` as a
 * 413 domain error (also the tus creation's answer when `Upload-Length` is over the cap);
 * `uploadNotFound`, `uploadNotFinished` and `uploadAlreadyUsed` as a validation error on
 * `VideoUploadId`; `tooManyUnfinishedUploads` (429) and `uploadDiskFull` (507) as the tus
 * creation's domain error (issue 25).
 */
export const EDUCATION_SERVER_MESSAGES = {
  videoNotAllowed: messageTemplate`${'field'} must be a video file: MP4, MOV, WebM, MKV or AVI.`,
  videoIncomplete: messageTemplate`${'field'} is an incomplete or damaged video.`,
  // What ffprobe found instead of a video (issue 27).
  videoEmpty: messageTemplate`${'field'} is an empty file.`,
  videoAudioOnly: messageTemplate`${'field'} has sound but no picture.`,
  videoImageOnly: messageTemplate`${'field'} is a still image, not a video.`,
  videoUndecodable: messageTemplate`${'field'} cannot be decoded: its picture is damaged or in a format that is not supported.`,
  /** The answer to a tus upload's first PATCH whose bytes are no video container: it is ended. */
  uploadNotAVideo:
    'The upload does not begin like a video file (MP4, MOV, WebM, MKV or AVI) and was ended.',
  /** POST /educations/{id}/transcode/retry of a transcode that has not failed. */
  transcodeNotFailed: 'Only a failed transcode can be retried.',
  captionLanguageInvalid: 'The caption language must be a language tag such as hr, en or pt-BR.',
  captionNotText: 'Captions must be a WebVTT or SRT file in UTF-8.',
  captionInvalid: messageTemplate`The captions could not be read: ${'problem'}.`,
  captionTooLarge: messageTemplate`Captions may be at most ${'size'}.`,
  captionNotFound: 'The education has no captions in this language.',
  /** The size is the configured cap, e.g. `4096 MB`. */
  videoTooLarge: SERVER_MESSAGES.fileTooLarge,
  videoSourceRequired: 'Give exactly one of VideoUrl, Video or VideoUploadId.',
  videoUrlInvalid: 'VideoUrl must be an http:// or https:// address.',
  uploadNotFound: 'The upload does not exist, has expired or was started by someone else.',
  uploadNotFinished: 'The upload is not finished yet.',
  uploadAlreadyUsed: 'The upload has already been used for an education.',
  tooManyUnfinishedUploads: messageTemplate`An administrator may have at most ${'max'} unfinished uploads: finish one or let it expire first.`,
  uploadDiskFull: 'There is not enough free disk space on the server for this upload.',
  recordingMonthInFuture: 'DateOfRecording must not lie in a later month than the current one.',
  recordingMonthInvalid: 'DateOfRecording must be a year and month, e.g. 2024-03.',
  partnerNotFound: messageTemplate`There is no partner with the id ${'id'}.`,
  accessUserNotFound: messageTemplate`There is no user with the id ${'id'}.`,
  accessUserDeactivated: messageTemplate`The user with the id ${'id'} is deactivated: access cannot be granted to a deactivated account.`,
} as const;
