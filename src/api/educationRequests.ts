/**
 * POST /educations as the education form sends it (SPEC 7, issue 13): the request the form's
 * machine builds, and its multipart body with the field names of `EDUCATION_FIELDS`.
 */
import { EDUCATION_FIELDS } from './contract.ts';

export interface CreateEducationRequest {
  title: string;
  description: string;
  lecturer: string;
  /** 'YYYY-MM' or null when unknown. */
  dateOfRecording: string | null;
  countryIsoCode: string;
  subtitleLanguage: string | null;
  partnerId: number;
  /** A video-site (or other) address, or the id of a finished tus upload. */
  video: { videoUrl: string } | { videoUploadId: string };
  thumbnail: File | null;
  /** Empty: open to every logged-in user. */
  initialAccessUserIds: number[];
}

export function createEducationFormData(request: CreateEducationRequest): FormData {
  const form = new FormData();
  form.append(EDUCATION_FIELDS.title, request.title);
  form.append(EDUCATION_FIELDS.description, request.description);
  form.append(EDUCATION_FIELDS.lecturer, request.lecturer);
  if (request.dateOfRecording) {
    form.append(EDUCATION_FIELDS.dateOfRecording, request.dateOfRecording);
  }
  form.append(EDUCATION_FIELDS.countryIsoCode, request.countryIsoCode);
  if (request.subtitleLanguage) {
    form.append(EDUCATION_FIELDS.subtitleLanguage, request.subtitleLanguage);
  }
  form.append(EDUCATION_FIELDS.partnerId, String(request.partnerId));
  if ('videoUrl' in request.video) form.append(EDUCATION_FIELDS.videoUrl, request.video.videoUrl);
  else form.append(EDUCATION_FIELDS.videoUploadId, request.video.videoUploadId);
  if (request.thumbnail) form.append(EDUCATION_FIELDS.thumbnail, request.thumbnail);
  for (const id of request.initialAccessUserIds) {
    form.append(EDUCATION_FIELDS.initialAccessUserIds, String(id));
  }
  return form;
}
