/**
 * The `/api/v1/educations` calls of SPEC 7, bound to the one API client (`createApi`): the list,
 * one education (with its signed video address) and its access rights; for administrators
 * creating one (multipart with `EDUCATION_FIELDS`), changing its texts (merge patch), replacing
 * its access rights and deleting it; and the picture an education shows, for the library and the
 * viewer alike.
 */
import type { ApiClient } from './client.ts';
import {
  accessRightListSchema,
  createEducationResponseSchema,
  educationListSchema,
  educationSchema,
  type AccessRight,
  type Education,
  type EducationPatch,
  videoSiteThumbnailUrl,
  videoSiteVideoId,
} from './contract.ts';

export function educationsApi(client: ApiClient) {
  return {
    listEducations: (): Promise<Education[]> => client.get('/educations', educationListSchema),
    getEducation: (id: number): Promise<Education> =>
      client.get(`/educations/${id}`, educationSchema),
    listAccessRights: (id: number): Promise<AccessRight[]> =>
      client.get(`/educations/${id}/access-rights`, accessRightListSchema),
    /** `form` holds the fields of `EDUCATION_FIELDS`; answers the stored education. */
    createEducation: (form: FormData): Promise<Education> =>
      client.postMultipart('/educations', form, createEducationResponseSchema),
    updateEducation: (id: number, patch: EducationPatch): Promise<Education> =>
      client.patch(`/educations/${id}`, patch, educationSchema),
    /** Replaces the thumbnail (issue 29); answers the education as stored. */
    replaceThumbnail(id: number, thumbnail: File): Promise<Education> {
      const form = new FormData();
      form.append('Thumbnail', thumbnail);
      return client.put(`/educations/${id}/thumbnail`, form, educationSchema);
    },
    /** An empty list opens the education to every logged-in user; answers the rights as stored. */
    updateAccessRights: (id: number, userIds: number[]): Promise<AccessRight[]> =>
      client.put(`/educations/${id}/access-rights`, { userIds }, accessRightListSchema),
    /** Queues a failed transcode again (issue 27); answers the education. */
    retryTranscode: (id: number): Promise<Education> =>
      client.post(`/educations/${id}/transcode/retry`, undefined, educationSchema),
    /**
     * Adds or replaces the captions of one language (issue 27): the file itself is the body, typed
     * by its extension (the server reads the bytes whatever the type says); answers the education.
     */
    putCaptions: (id: number, language: string, file: File): Promise<Education> =>
      client.put(
        `/educations/${id}/captions/${encodeURIComponent(language)}`,
        new Blob([file], { type: captionContentType(file.name) }),
        educationSchema,
      ),
    async removeCaptions(id: number, language: string): Promise<void> {
      await client.delete(`/educations/${id}/captions/${encodeURIComponent(language)}`);
    },
    async deleteEducation(id: number): Promise<void> {
      await client.delete(`/educations/${id}`);
    },
  };
}

/**
 * The picture of an education: its own thumbnail, else the video-sharing site's default one for
 * its video (SPEC 7), else null (the view shows the bundled placeholder).
 */
export function educationThumbnailUrl(education: Education): string | null {
  if (education.thumbnailUrl) return education.thumbnailUrl;
  const videoId = videoSiteVideoId(education.videoUrl);
  return videoId ? videoSiteThumbnailUrl(videoId) : null;
}

/** The type a caption file is sent as: SRT by its extension, WebVTT otherwise. */
export const captionContentType = (name: string) =>
  /\.srt$/i.test(name) ? 'application/x-subrip' : 'text/vtt';
