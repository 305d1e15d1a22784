/**
 * Resumable uploads (tus) of education videos.
 */

/**
 * The tus endpoint (resumable uploads, https://tus.io/protocols/resumable-upload) for education
 * videos, administrators only: create the upload here with the bearer header, send the bytes, then
 * name it in `VideoUploadId` of POST /educations (once: a used upload is gone).
 */
export const UPLOADS_PATH = '/api/v1/uploads';

/** The `VideoUploadId` of a tus upload, from the upload URL the server answered at creation. */
export function uploadIdOf(uploadUrl: string): string {
  return new URL(uploadUrl, 'http://localhost').pathname.split('/').pop() ?? '';
}
