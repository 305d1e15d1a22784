/**
 * The two error shapes of the wire contract (ARCHITECTURE.md "The wire contract"):
 * a domain error `{"errors": ["message"]}` and a validation error
 * `{"errors": {"Field": ["message", ...]}}`. Routes throw these; the error handler sends them.
 */
import {
  ACCOUNT_FORM_MESSAGES,
  ACCOUNT_FORM_RULES,
  COURSE_MESSAGES,
  PRODUCT_MESSAGES,
  EDUCATION_MESSAGES,
  INVALID_REFRESH_TOKEN,
  ROBOT_CHECK_REQUIRED,
  type DomainErrorBody,
  type ValidationErrorBody,
} from '../../src/api/contract.ts';
import { EDUCATION_SERVER_MESSAGES, SERVER_MESSAGES } from '../../src/api/serverMessages.ts';

/**
 * Every server message, in one place; those the client reacts to are written once in the wire
 * contract (SERVER_MESSAGES, INVALID_REFRESH_TOKEN) and only referenced here.
 */
export const MESSAGES = {
  notFound: 'Not found.',
  internal: 'Internal server error.',
  unavailable: 'Service unavailable.',
  notReadyDatabase: 'Not ready: the database does not answer.',
  notReadyDisk:
    "Not ready: the data folder's disk is down to its minimum free space (MIN_FREE_DISK_MIB).",
  overloaded: 'The server is overloaded. Please try again later.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Unsupported content type.',
  bodyTooLarge: 'The request body is too large.',
  malformedUrl: 'The request address is not validly encoded.',
  parameterTooLong: 'A part of the request address is too long.',
  // Refused by Node's HTTP parser before routing (client-errors.ts).
  malformedRequest: 'The request is not valid HTTP.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request did not arrive in time.',
  unstorableText: 'Texts must not contain the NUL character (U+0000).',
  unauthenticated: 'Authentication is required.',
  forbidden: 'You are not allowed to do this.',
  tooManyRequests: 'Too many requests. Please try again later.',
  mailFailed: 'The e-mail could not be sent. Please try again later.',
  robotCheckUnavailable: 'The robot check could not be verified. Please try again later.',
  // Accounts (ARCHITECTURE.md "The wire contract": the client matches these texts).
  userNotFound: 'User not found.',
  invalidCredentials: 'Invalid credentials.',
  invalidRefreshToken: INVALID_REFRESH_TOKEN,
  invitationExpired: SERVER_MESSAGES.invitationExpired,
  invitationNotFound: 'Invitation token not found.',
  invitationRevoked: SERVER_MESSAGES.invitationRevoked,
  accountDeactivated: SERVER_MESSAGES.accountDeactivated,
  // People and invitations (issue 29).
  invitationMissing: 'Invitation not found.',
  invitationAccepted: 'The invitation was accepted: it cannot be resent or revoked.',
  ownAccount: 'You cannot change the role or the access of your own account.',
  invalidResetToken: SERVER_MESSAGES.invalidResetToken,
  alreadyInvited: SERVER_MESSAGES.alreadyInvited,
  alreadyRegistered: SERVER_MESSAGES.alreadyRegistered,
  staffDomainRequired: SERVER_MESSAGES.staffDomainRequired,
  invalidEmail: 'Email is not a valid e-mail address.',
  nameTooShort: ACCOUNT_FORM_MESSAGES.longerThan('Name', ACCOUNT_FORM_RULES.nameLongerThan),
  surnameTooShort: ACCOUNT_FORM_MESSAGES.longerThan('Surname', ACCOUNT_FORM_RULES.nameLongerThan),
  commonPassword: SERVER_MESSAGES.commonPassword,
  passwordTooLong: SERVER_MESSAGES.passwordTooLong,
  robotCheckRequired: ROBOT_CHECK_REQUIRED,
  robotCheckFailed: 'The robot check failed or was already used; please solve it again.',
  // Uploads (server/media): field names as in the multipart request.
  multipartRequired: 'The request must be multipart/form-data.',
  malformedMultipart: 'The multipart form data is malformed or incomplete.',
  tooManyParts: 'The form has too many fields or files.',
  fieldTooLarge: (field: string) => `The field ${field} is too large.`,
  fileTooLarge: (field: string, maxBytes: number) =>
    SERVER_MESSAGES.fileTooLarge(
      field,
      maxBytes % (1024 * 1024) === 0 ? `${maxBytes / (1024 * 1024)} MB` : `${maxBytes / 1024} KB`,
    ),
  fileNotAllowed: SERVER_MESSAGES.fileNotAllowed,
  unexpectedFile: (field: string) => `${field} is not a file field of this form.`,
  duplicateFile: (field: string) => `Only one file may be sent in ${field}.`,
  imageUnreadable: SERVER_MESSAGES.imageUnreadable,
  imageTooManyPixels: (field: string, megapixels: number) =>
    `${field} has more than ${megapixels} megapixels.`,
  // Courses (SPEC 9 rules; the SPA shows its own Croatian texts for the same rules).
  courseNotFound: 'Course not found.',
  required: SERVER_MESSAGES.required,
  tooLong: SERVER_MESSAGES.tooLong,
  courseDateOutOfRange: COURSE_MESSAGES.dateOutOfRange,
  courseDatesRequired: SERVER_MESSAGES.courseDatesRequired,
  notAnInstant: SERVER_MESSAGES.notAnInstant,
  courseStartInPast: SERVER_MESSAGES.courseStartInPast,
  courseStartAfterEnd: SERVER_MESSAGES.courseStartAfterEnd,
  courseStartEqualsEnd: SERVER_MESSAGES.courseStartEqualsEnd,
  coursePriceInvalid: SERVER_MESSAGES.coursePriceInvalid,
  countryNotOffered: SERVER_MESSAGES.countryNotOffered,
  courseImageRequired: SERVER_MESSAGES.courseImageRequired,
  // Newsletter campaigns (ARCHITECTURE.md "The wire contract": the client matches these texts).
  campaignNotFound: 'Campaign not found.',
  alreadySubscribed: SERVER_MESSAGES.alreadySubscribed,
  notSubscribed: SERVER_MESSAGES.notSubscribed,
  // Partners (SPEC 5 "Partner"; the client matches these texts).
  partnerNameTaken: SERVER_MESSAGES.partnerNameTaken,
  partnerMissing: 'Partner not found.',
  partnerInUse: SERVER_MESSAGES.partnerInUse,
  partnerReassignToSelf: 'reassignTo must be another partner than the one deleted.',
  partnerReassignTargetMissing: SERVER_MESSAGES.partnerReassignTargetMissing,
  websiteUrlScheme: SERVER_MESSAGES.websiteUrlScheme,
  websiteUrlInvalid: SERVER_MESSAGES.websiteUrlInvalid,
  // Products of the home-page strip (issue 11).
  productNotFound: 'Product not found.',
  mergePatchRequired: 'The request must be application/merge-patch+json.',
  productImageRequired: PRODUCT_MESSAGES.imageRequired,
  notABoolean: PRODUCT_MESSAGES.notABoolean,
  highlightNeedsHomepage: PRODUCT_MESSAGES.highlightNeedsHomepage,
  // Educations: one not found and one not visible answer alike (no existence leak).
  educationNotFound: 'Education not found.',
  videoLinkInvalid: 'The video link is invalid or has expired.',
  rangeNotSatisfiable: 'The requested range lies outside the file.',
  // Newsletters (issue 14).
  newsletterTaken: SERVER_MESSAGES.newsletterTaken,
  newsletterImageRequired: SERVER_MESSAGES.newsletterImageRequired,
  newsletterScheduledInPast: SERVER_MESSAGES.newsletterScheduledInPast,
  newsletterScheduledTooLate: SERVER_MESSAGES.newsletterScheduledTooLate,
  newsletterNotEditable: SERVER_MESSAGES.newsletterNotEditable,
  newsletterPriceInvalid: SERVER_MESSAGES.newsletterPriceInvalid,
  newsletterNotFound: 'Newsletter not found.',
  previewLinkInvalid: 'The preview link is invalid or has expired: open the preview again.',
  newsletterNotCancellable: 'Only a scheduled or sending newsletter can be cancelled.',
  foreignImageUrl: 'imageUrl must be an image uploaded through /newsletters/image.',
  // Education writes and their video uploads (issue 13; the client matches these texts).
  videoNotAllowed: EDUCATION_SERVER_MESSAGES.videoNotAllowed,
  videoIncomplete: EDUCATION_SERVER_MESSAGES.videoIncomplete,
  videoEmpty: EDUCATION_SERVER_MESSAGES.videoEmpty,
  videoAudioOnly: EDUCATION_SERVER_MESSAGES.videoAudioOnly,
  videoImageOnly: EDUCATION_SERVER_MESSAGES.videoImageOnly,
  videoUndecodable: EDUCATION_SERVER_MESSAGES.videoUndecodable,
  uploadNotAVideo: EDUCATION_SERVER_MESSAGES.uploadNotAVideo,
  transcodeNotFailed: EDUCATION_SERVER_MESSAGES.transcodeNotFailed,
  captionLanguageInvalid: EDUCATION_SERVER_MESSAGES.captionLanguageInvalid,
  captionNotText: EDUCATION_SERVER_MESSAGES.captionNotText,
  captionInvalid: EDUCATION_SERVER_MESSAGES.captionInvalid,
  captionTooLarge: EDUCATION_SERVER_MESSAGES.captionTooLarge,
  captionNotFound: EDUCATION_SERVER_MESSAGES.captionNotFound,
  videoSourceRequired: EDUCATION_SERVER_MESSAGES.videoSourceRequired,
  videoUrlInvalid: EDUCATION_SERVER_MESSAGES.videoUrlInvalid,
  uploadNotFound: EDUCATION_SERVER_MESSAGES.uploadNotFound,
  uploadNotFinished: EDUCATION_SERVER_MESSAGES.uploadNotFinished,
  uploadAlreadyUsed: EDUCATION_SERVER_MESSAGES.uploadAlreadyUsed,
  tooManyUnfinishedUploads: EDUCATION_SERVER_MESSAGES.tooManyUnfinishedUploads,
  uploadDiskFull: EDUCATION_SERVER_MESSAGES.uploadDiskFull,
  recordingMonthInFuture: EDUCATION_SERVER_MESSAGES.recordingMonthInFuture,
  recordingMonthInvalid: EDUCATION_SERVER_MESSAGES.recordingMonthInvalid,
  partnerNotFound: EDUCATION_SERVER_MESSAGES.partnerNotFound,
  accessUserNotFound: EDUCATION_SERVER_MESSAGES.accessUserNotFound,
  accessUserDeactivated: EDUCATION_SERVER_MESSAGES.accessUserDeactivated,
  uploadCreationWithData:
    'Create the upload without data, then send its bytes with PATCH (tus creation-with-upload is not offered).',
  countryUnknown: (isoCode: string) => `CountryIsoCode '${isoCode}' is not one of GET /countries.`,
  notAnId: EDUCATION_MESSAGES.notAnId,
  tooManyValues: (field: string, max: number) => `${field} may be given at most ${max} times.`,
} as const;

export class DomainError extends Error {
  override name = 'DomainError';
  readonly statusCode: number;

  /** `cause`: what went wrong underneath; a 5xx is logged with it, never sent. */
  constructor(statusCode: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.statusCode = statusCode;
  }

  toBody(): DomainErrorBody {
    return { errors: [this.message] };
  }
}

/** 503: too much work in line; the client is told when to come back instead of waiting. */
export class OverloadedError extends DomainError {
  override name = 'OverloadedError';
  static readonly RETRY_AFTER_SECONDS = 10;

  constructor() {
    super(503, MESSAGES.overloaded);
  }
}

/** Always 400: the request named fields whose values are wrong. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  readonly statusCode = 400;
  readonly fields: Record<string, string[]>;

  constructor(fields: Record<string, string[]>) {
    super(`Invalid fields: ${Object.keys(fields).join(', ')}`);
    this.fields = fields;
  }

  static field(field: string, ...messages: string[]): ValidationError {
    return new ValidationError({ [field]: messages });
  }

  toBody(): ValidationErrorBody {
    return { errors: this.fields };
  }
}
